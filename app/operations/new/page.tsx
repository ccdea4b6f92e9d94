import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { EMPTY_OPERATION } from '@/components/operation/form-types';
import { OperationForm } from '@/components/operation/operation-form';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/db/client';
import { requireRole } from '@/lib/auth/session';
import { listContractorOptions } from '@/lib/operations/detail';
import { listCountyOptions } from '@/lib/plans/check-context';
import { registerOperationAction } from '../actions';

export const metadata: Metadata = { title: 'Register an operation' };

export default async function NewOperationPage() {
  await requireRole(['owner'], '/operations/new');
  const [counties, contractors] = await Promise.all([getDb().then(listCountyOptions), listContractorOptions()]);
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: 'Register an operation' }]} />
      <PageHeading
        title="Register an operation"
        lead="Tell the department about your animal feeding operation. As you enter the animals, we compute its animal unit capacity and tell you whether it needs a manure management plan."
      />
      <OperationForm
        defaults={EMPTY_OPERATION}
        counties={counties.map((c) => ({ value: c.fips, label: c.name }))}
        contractors={contractors}
        submitLabel="Register the operation"
        save={registerOperationAction}
      />
    </>
  );
}
