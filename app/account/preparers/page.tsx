import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { listOwnOperationsForGrant, listPreparerAccess, type PreparerAccess } from '@/lib/auth/preparer-grants';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import { GrantPreparerForm, RevokePreparerButton } from './grant-form';

export const metadata: Metadata = { title: 'Preparers' };

export default async function PreparersPage() {
  const actor = await requireCapability('preparer.grant', '/account/preparers');
  const [access, operations] = await Promise.all([listPreparerAccess(actor, today()), listOwnOperationsForGrant(actor)]);
  return (
    <>
      <PageHeading title="Preparers" lead="The consultants who may prepare and file plans for your operations, and on which. Ending access takes effect at once." />
      <DataTable<PreparerAccess>
        caption="Preparers who may act for you"
        rows={access}
        rowKey={(a) => a.preparerUserId}
        emptyMessage="No preparer may act for you."
        columns={[
          { key: 'who', header: 'Preparer', rowHeader: true, cell: (a) => <>{a.preparerName}<span className="display-block text-base-dark font-sans-2xs">{a.preparerEmail}</span></> },
          {
            key: 'what',
            header: 'Operations',
            cell: (a) => (a.all ? `All your operations, now and later${a.operations.length ? ` (and ${a.operations.map((o) => o.name).join(', ')} by name)` : ''}` : a.operations.map((o) => `${o.name}${o.endsOn ? ` (through ${formatDate(o.endsOn)})` : ''}`).join(', ')),
          },
          { key: 'until', header: 'Until', cell: (a) => (a.all ? (a.endsOn ? formatDate(a.endsOn) : 'You end it') : '—') },
          { key: 'end', header: 'End access', cell: (a) => <RevokePreparerButton preparerUserId={a.preparerUserId} name={a.preparerName} /> },
        ]}
      />
      <h2>Give a preparer access</h2>
      <GrantPreparerForm operations={operations} />
    </>
  );
}
