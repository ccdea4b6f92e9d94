import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { ClaimCodeForm } from './claim-code-form';

export const metadata: Metadata = { title: 'Take over operations from the department’s records' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ClaimRecordsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCapability('owner_claim.redeem', '/operations/claim-records');
  const raw = (await searchParams).code;
  const code = typeof raw === 'string' ? raw.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) : '';
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: 'Take over operations from the department’s records' }]} />
      <PageHeading
        title="Take over operations from the department’s records"
        lead="The department has mailed or emailed the owners its records name a one-time code. Type yours here to take over those operations with this account. If you bought an operation, ask to be recorded as its new owner instead."
      />
      <ClaimCodeForm initialCode={code} />
    </>
  );
}
