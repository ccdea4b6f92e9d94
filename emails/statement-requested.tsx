import { formatDateTime, formatNumber } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { StatementRequestedProps } from '@/lib/mail/templates';

// DNR form 542-8167: the operation's filer asks a landowner to confirm the statement of intent for
// a field on the landowner's land. The landowner confirms through the single-use link; no account.

const lb = (v: number | null) => (v === null ? 'none stated' : `${formatNumber(v)} lb per acre`);

export function subject(p: StatementRequestedProps): string {
  return `Please confirm: manure from ${p.operationName} on your field ${p.fieldName}`;
}

export function StatementRequestedEmail(p: StatementRequestedProps) {
  return (
    <EmailLayout
      preview={`Confirm the statement of intent for ${p.fieldName} in the manure management plan of ${p.operationName}.`}
      reason={`You received this email because the owner of ${p.operationName}, or the preparer filing its plan, named you as the landowner of ${p.fieldName} in the Manure Management Plan Portal.`}
    >
      <Title>Confirm a statement of intent for your land</Title>
      <P>{`Dear ${p.landownerName},`}</P>
      <P>{`The manure management plan of ${p.operationName} (facility ${p.facilityId}), ${p.countyName} County, plans to apply its manure on your field ${p.fieldName}. Iowa's rules (IAC 567-65.111, DNR form 542-8167) ask you to confirm it, and the commercial fertilizer you plan there, which the plan counts against the field's nitrogen need.`}</P>
      <Facts
        rows={[
          ['Field', p.fieldName],
          ['Acres', p.acres === null ? 'not stated' : formatNumber(p.acres)],
          ['Your commercial nitrogen (N)', lb(p.commercialNLbPerAcre)],
          ['Your commercial phosphate (P2O5)', lb(p.commercialP2o5LbPerAcre)],
          ['Link works until', formatDateTime(p.confirmBy)],
        ]}
      />
      <P>If a figure is wrong, do not confirm: tell the operation’s owner, who will send you a new request. The link works once.</P>
      <Action href={p.confirmUrl}>Review and confirm the statement</Action>
    </EmailLayout>
  );
}

export const previewProps: StatementRequestedProps = {
  landownerName: 'Jan De Boer',
  operationName: 'Storm Lake Finisher',
  facilityId: '64512',
  countyName: 'Buena Vista',
  fieldName: 'De Boer 40',
  acres: 40,
  commercialNLbPerAcre: 30,
  commercialP2o5LbPerAcre: null,
  confirmUrl: 'https://mmp.iowa.example/statements/confirm?token=example',
  confirmBy: '2027-02-14T18:00:00.000Z',
};
