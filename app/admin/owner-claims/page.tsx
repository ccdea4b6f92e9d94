import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { TextField } from '@/components/text-field';
import { requireCapability } from '@/lib/auth/gates';
import { formatDateTime } from '@/lib/format';
import { listUnclaimedOwners, type UnclaimedOwner } from '@/lib/imports/claims';
import { IssueClaim } from './issue-claim';

export const metadata: Metadata = { title: 'Owners to invite' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OwnerClaimsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireCapability('owner_claim.issue', '/admin/owner-claims');
  const raw = (await searchParams).q;
  const q = typeof raw === 'string' ? raw.replace(/\0/g, '').trim().slice(0, 100) : '';
  const owners = await listUnclaimedOwners(actor, q || undefined);
  return (
    <>
      <PageHeading
        title="Owners to invite"
        lead="Owners on record whom no account speaks for yet. An owner with an email address in the department’s records is emailed an invitation; for one without, print a letter with a one-time code to mail. Either way only that owner’s account takes the operations over."
      />
      <form method="get" action="/admin/owner-claims" role="search" aria-label="Find an owner" className="usa-form margin-bottom-3">
        <TextField label="Find an owner" hint="Owner name, operation name or facility ID" name="q" defaultValue={q} maxLength={100} />
        <button type="submit" className="usa-button margin-top-1">
          Find
        </button>
      </form>
      <DataTable<UnclaimedOwner>
        caption="Owners without an account"
        captionHidden
        stacked
        rows={owners}
        rowKey={(o) => o.partyId}
        emptyMessage={q ? 'No owner without an account matches.' : 'Every owner on record has an account.'}
        columns={[
          { key: 'name', header: 'Owner', rowHeader: true, cell: (o) => o.name },
          { key: 'ops', header: 'Operations', cell: (o) => o.operations.join('; ') },
          { key: 'contact', header: 'Email on record', cell: (o) => o.email ?? 'None: by letter' },
          { key: 'last', header: 'Last sent', cell: (o) => (o.lastIssuedAt ? `${o.lastChannel === 'email' ? 'Email' : 'Letter'}, ${formatDateTime(o.lastIssuedAt)}` : 'Never') },
          { key: 'do', header: 'Invite', cell: (o) => <IssueClaim partyId={o.partyId} name={o.name} hasEmail={Boolean(o.email)} /> },
        ]}
      />
    </>
  );
}
