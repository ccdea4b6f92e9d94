import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { EMPTY_OPERATION } from '@/components/operation/form-types';
import { OperationForm } from '@/components/operation/operation-form';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { roleMayAttempt } from '@/lib/auth/actions';
import { requireCapability } from '@/lib/auth/gates';
import { listContractorOptions } from '@/lib/operations/detail';
import { listCountyOptions } from '@/lib/plans/check-context';
import { registerForClientAction, registerOperationAction } from '../actions';

export const metadata: Metadata = { title: 'Register an operation' };

// Owners register their own operations; a preparer registers one for a client, who accepts it.
export default async function NewOperationPage() {
  const actor = await requireCapability(['operation.register', 'operation.register_for_client'], '/operations/new');
  const [counties, contractors] = await Promise.all([getDb().then(listCountyOptions), listContractorOptions()]);
  const countyOptions = counties.map((c) => ({ value: c.fips, label: c.name }));
  if (roleMayAttempt(actor.role, 'operation.register_for_client')) {
    return (
      <>
        <Breadcrumbs items={[{ label: 'Client portfolio', href: '/preparer' }, { label: 'Register an operation for a client' }]} />
        <PageHeading
          title="Register an operation for a client"
          lead="Enter the operation as for any registration, and the owner’s name and email. The owner is emailed a link to accept it: until they do, only you see it, and nothing is filed with the department."
        />
        <OperationForm
          defaults={{ ...EMPTY_OPERATION, clientName: '', clientEmail: '' }}
          counties={countyOptions}
          contractors={contractors}
          submitLabel="Register and email the owner"
          save={registerForClientAction}
          forClient
          doneHref="/preparer?registered=1#registrations"
        />
      </>
    );
  }
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: 'Register an operation' }]} />
      <PageHeading
        title="Register an operation"
        lead="Tell the department about your animal feeding operation. As you enter the animals, we compute its animal unit capacity and tell you whether it needs a manure management plan."
      />
      <OperationForm
        defaults={EMPTY_OPERATION}
        counties={countyOptions}
        contractors={contractors}
        submitLabel="Register the operation"
        save={registerOperationAction}
      />
    </>
  );
}
