import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/alert';
import { getDb } from '@/lib/db';
import { peekToken } from '@/lib/auth/tokens';
import { ResetPasswordForm } from './reset-password-form';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const valid = typeof token === 'string' && token.length < 200 && (await peekToken(await getDb(), 'password_reset', token));
  return (
    <div className="tablet:grid-col-8">
      <PageHeading title="Choose a new password" />
      {valid ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert type="warning" heading="This link has expired or was already used">
          Reset links work once, for one hour. <a href="/forgot-password">Ask for a new link</a>.
        </Alert>
      )}
    </div>
  );
}
