import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { peekToken } from '@/lib/auth/tokens';
import { AcceptInvitationForm } from './accept-invitation-form';

export const metadata: Metadata = { title: 'Accept your invitation' };

export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const invitation = typeof token === 'string' && token.length < 200 ? await peekToken(await getDb(), 'invitation', token) : null;
  return (
    <div className="tablet:grid-col-8">
      <PageHeading title="Accept your invitation" />
      {invitation?.role && token ? (
        <>
          <p>
            You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong> with the email <strong>{invitation.email}</strong>. Choose a
            password to finish.
          </p>
          <AcceptInvitationForm token={token} name={invitation.name ?? ''} />
        </>
      ) : (
        <Alert type="warning" heading="This invitation has expired or was already used">
          Invitations work once, for seven days. Ask the portal administrator to invite you again.
        </Alert>
      )}
    </div>
  );
}
