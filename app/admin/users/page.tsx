import type { Metadata } from 'next';
import Link from 'next/link';
import { asc } from 'drizzle-orm';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { counties } from '@/db/schema';
import { listPendingInvitations, listUsers, type PendingInvitation, type UserRow } from '@/lib/auth/admin';
import { formatDateTime } from '@/lib/format';
import { requireCapability } from '@/lib/auth/gates';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { InviteForm } from './invite-form';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const actor = await requireCapability('user.change_role', '/admin/users');
  const db = await getDb();
  const [rows, invitations, countyList] = await Promise.all([
    listUsers(actor),
    listPendingInvitations(actor),
    db.select({ fips: counties.fips, name: counties.name }).from(counties).orderBy(asc(counties.name)),
  ]);
  return (
    <>
      <PageHeading title="Users" lead="Invite department, county and preparer accounts; change roles; disable accounts. Owners register themselves." />
      <DataTable<UserRow>
        caption="Portal accounts"
        captionHidden
        stacked
        rows={rows}
        rowKey={(u) => u.id}
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, cell: (u) => <Link href={`/admin/users/${u.id}`}>{u.name}</Link> },
          { key: 'email', header: 'Email', cell: (u) => u.email },
          { key: 'role', header: 'Role', cell: (u) => `${ROLE_LABELS[u.role]}${u.countyName ? ` — ${u.countyName} County` : ''}` },
          { key: 'state', header: 'State', cell: (u) => (u.disabled ? 'Disabled' : u.verified ? 'Active' : 'Email not confirmed') },
        ]}
      />
      <h2 id="pending-invitations">Invitations not yet accepted</h2>
      {invitations.length ? (
        <DataTable<PendingInvitation>
          caption="Invitations not yet accepted"
          captionHidden
          stacked
          rows={invitations}
          rowKey={(i) => i.email}
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, cell: (i) => i.name ?? i.email },
            { key: 'email', header: 'Email', cell: (i) => i.email },
            { key: 'role', header: 'Role', cell: (i) => `${ROLE_LABELS[i.role]}${i.countyName ? ` — ${i.countyName} County` : ''}` },
            { key: 'sent', header: 'Sent', cell: (i) => `${formatDateTime(i.sentAt)}${i.invitedBy ? ` by ${i.invitedBy}` : ''}` },
            { key: 'expires', header: 'Link works until', cell: (i) => formatDateTime(i.expiresAt) },
          ]}
        />
      ) : (
        <p>No invitation is waiting: everyone invited has an account, or their link has expired.</p>
      )}
      <h2 id="invite">Invite someone</h2>
      <InviteForm counties={countyList} />
    </>
  );
}
