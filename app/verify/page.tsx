import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/page-heading';
import { verifyCopyAction } from './actions';
import { VerifyForm } from './verify-form';

export const metadata: Metadata = { title: 'Check a copy of record' };

// No sign-in: anyone holding a copy of record (a lender, a buyer, a court) learns whether it is the
// one the department holds, and which filing it is; no more than the public status search shows.
export default function VerifyPage() {
  return (
    <>
      <PageHeading
        title="Check a copy of record"
        lead="When the department receives a manure management plan, the portal keeps an unalterable PDF of it: the copy of record. Check whether a copy you hold is exactly that one."
      />
      <VerifyForm action={verifyCopyAction} />
      <p className="margin-top-4">
        The answer names the filing (its receipt number, plan reference, the day it was received and the operation) and nothing else. For a plan’s status, use the{' '}
        <Link href="/status" className="usa-link">plan status search</Link>.
      </p>
    </>
  );
}
