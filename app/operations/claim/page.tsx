import Link from 'next/link';
import type { Metadata } from 'next';
import { latestParameter } from '@/lib/rules';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ClaimForm } from '@/components/operation/claim-form';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { requireCapability } from '@/lib/auth/gates';
import { listCountyOptions } from '@/lib/plans/check-context';

export const metadata: Metadata = { title: 'Claim an operation you acquired' };

export default async function ClaimPage() {
  await requireCapability('owner_claim.redeem', '/operations/claim');
  const counties = await getDb().then(listCountyOptions);
  const newOwnerDays = latestParameter('days.new_owner_original_mmp');
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: 'Claim an operation' }]} />
      <PageHeading
        title="Claim an operation you acquired"
        lead="When you buy or otherwise acquire an operation that already has a facility ID, ask here to be recorded as its owner: this is the report of an ownership change (DNR form 542-4026). Send the bill of sale or deed as proof."
      />
      <div className="usa-prose margin-bottom-3">
        <p>
          Did the department send you a letter or email with a code for operations its records already name you for?{' '}
          <Link className="usa-link" href="/operations/claim-records">
            Take over operations from the department’s records
          </Link>{' '}
          instead.
        </p>
        <p>What happens next:</p>
        <ol>
          <li>We email the owner on record, who can accept the request or tell the department it is wrong.</li>
          <li>The department reads your proof and confirms or refuses the transfer. You are emailed either way.</li>
          <li>
            Until the transfer is confirmed nothing changes hands and you cannot open the operation’s records. Once it is, your {newOwnerDays.value} days for your own original
            plan count from the date you acquired the operation, where one is owed ({newOwnerDays.citation}).
          </li>
        </ol>
      </div>
      <ClaimForm counties={counties.map((c) => ({ value: c.fips, label: c.name }))} />
    </>
  );
}
