import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { VerifyEmailButton } from './verify-email-button';

export const metadata: Metadata = { title: 'Confirm your email address' };

// Confirming takes a click: mail scanners that open links must not use up the token.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <div className="tablet:grid-col-8">
      <PageHeading title="Confirm your email address" lead="One click confirms that this email address is yours." />
      <VerifyEmailButton token={typeof token === 'string' ? token : ''} />
    </div>
  );
}
