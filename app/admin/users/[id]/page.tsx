import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { asc } from 'drizzle-orm';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/db/client';
import { counties } from '@/db/schema';
import { listUsers } from '@/lib/auth/admin';
import { requireRole } from '@/lib/auth/session';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { ManageUserForms } from './manage-user-forms';

export const metadata: Metadata = { title: 'Manage account' };

export default async function ManageUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireRole(['admin'], `/admin/users/${id}`);
  const user = (await listUsers(actor)).find((u) => u.id === id);
  if (!user) notFound();
  const db = await getDb();
  const countyList = await db.select({ fips: counties.fips, name: counties.name }).from(counties).orderBy(asc(counties.name));
  return (
    <>
      <Breadcrumbs items={[{ label: 'Users', href: '/admin/users' }, { label: user.name }]} />
      <PageHeading title={user.name} lead={`${user.email} — ${ROLE_LABELS[user.role]}${user.countyName ? `, ${user.countyName} County` : ''}`} />
      {user.id === actor.id ? (
        <p>This is your own account. Another administrator changes its role.</p>
      ) : (
        <ManageUserForms userId={user.id} role={user.role} disabled={user.disabled} counties={countyList} />
      )}
    </>
  );
}
