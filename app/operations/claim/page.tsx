import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ClaimForm } from '@/components/operation/claim-form';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/db/client';
import { requireRole } from '@/lib/auth/session';
import { listCountyOptions } from '@/lib/plans/check-context';
import { claimOperationAction } from '../actions';

export const metadata: Metadata = { title: 'Claim an operation you acquired' };

export default async function ClaimPage() {
  await requireRole(['owner'], '/operations/claim');
  const counties = await getDb().then(listCountyOptions);
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: 'Claim an operation' }]} />
      <PageHeading
        title="Claim an operation you acquired"
        lead="When you buy or otherwise acquire an operation that already has a facility ID, claim it here. You may keep applying manure under the previous owner’s plan, but your own original plan is due 60 days after you acquired the operation (IAC 567-65.110(1)“d”)."
      />
      <ClaimForm counties={counties.map((c) => ({ value: c.fips, label: c.name }))} action={claimOperationAction} />
    </>
  );
}
