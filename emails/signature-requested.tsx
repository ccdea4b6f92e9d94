import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { SignatureRequestedProps } from '@/lib/mail/templates';

// A preparer who may not sign sends the plan to those who may (the owner of record, or a person the
// owner named): the plan is filed only when one of them signs it (DNR form 542-4000's signature).

export function subject(p: SignatureRequestedProps): string {
  return `Ready for your signature: the ${p.planLabel.toLowerCase()} of ${p.operationName}`;
}

export function SignatureRequestedEmail(p: SignatureRequestedProps) {
  return (
    <EmailLayout
      preview={`${p.preparerName} prepared the ${p.planLabel.toLowerCase()} of ${p.operationName} and asks you to read and sign it.`}
      reason={`You received this email because you may sign the plans of ${p.operationName} in the Manure Management Plan Portal.`}
    >
      <Title>A plan is ready for your signature</Title>
      <P>{`Dear ${p.signerName},`}</P>
      <P>{`${p.preparerName} prepared the ${p.planLabel.toLowerCase()} of ${p.operationName} and asks you to sign it. It is not filed until you do: read it, and if it is right, sign it with your password and a code from your authenticator app.`}</P>
      <Facts
        rows={[
          ['Operation', p.operationName],
          ['Facility ID', p.facilityId],
          ['Plan', p.planLabel],
        ]}
      />
      {p.note ? <P>{`Their note: “${p.note}”`}</P> : null}
      <P>If something in it is wrong, do not sign: tell the preparer, or change it yourself.</P>
      <Action href={p.signUrl}>Read and sign the plan</Action>
    </EmailLayout>
  );
}

export const previewProps: SignatureRequestedProps = {
  signerName: 'Karen Hansen',
  preparerName: 'Jamie Becker (Becker Ag Consulting)',
  operationName: 'Rock Valley Finisher Site',
  facilityId: '67145',
  planLabel: 'Annual update',
  note: null,
  signUrl: 'https://mmp.iowa.example/plans/00000000-0000-4000-8000-000000000000/edit?step=review',
};
