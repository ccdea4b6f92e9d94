import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { StatementConfirmForm } from '@/components/statement/confirm-form';
import { getDb } from '@/lib/db';
import { formatDateTime, formatNumber } from '@/lib/format';
import { findStatementByLink, STATEMENT_LINK_DAYS, STATEMENT_LINK_INVALID } from '@/lib/statements/statements';
import { confirmStatementAction } from './actions';

export const metadata: Metadata = { title: 'Confirm a statement of intent' };

const lb = (v: number | null) => (v === null ? 'none stated' : `${formatNumber(v)} lb per acre`);

// The page a landowner reaches from the emailed link (DNR form 542-8167). No sign-in: the landowner
// has no portal account, and the single-use link is what shows they are the one asked.
export default async function ConfirmStatementPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const found = typeof token === 'string' && token.length >= 20 && token.length <= 200 ? await findStatementByLink(await getDb(), token) : null;
  if (!found || typeof token !== 'string') {
    return (
      <div className="tablet:grid-col-8">
        <PageHeading title="Confirm a statement of intent" />
        <Alert type="warning" heading="This link cannot be used">
          {STATEMENT_LINK_INVALID} Each link works once, for {STATEMENT_LINK_DAYS} days.
        </Alert>
      </div>
    );
  }
  const s = found.statement;
  return (
    <div className="tablet:grid-col-8">
      <PageHeading
        title="Confirm a statement of intent"
        lead={`The manure management plan of ${found.operationName} plans to apply its manure on your field ${s.fieldName}. Please check the figures and confirm.`}
      />
      <SummaryBox heading="The statement">
        <ul className="usa-list margin-y-0">
          <li>Operation: {found.operationName} (facility {found.facilityId ?? 'not assigned'}), {found.countyName} County</li>
          <li>Landowner: {s.landownerName}</li>
          <li>Field: {s.fieldName}{s.acres !== null ? `, ${formatNumber(s.acres)} acres` : ''}</li>
          <li>Your commercial nitrogen (N): {lb(s.commercialNLbPerAcre)}</li>
          <li>Your commercial phosphate (P2O5): {lb(s.commercialP2o5LbPerAcre)}</li>
          <li>This link works until {formatDateTime(s.expiresAt)}</li>
        </ul>
      </SummaryBox>
      <p className="margin-top-3">
        The plan counts your commercial nitrogen against the field’s nitrogen need (IAC 567-65.111). If a figure is wrong, do not confirm: tell the operation’s owner, who
        will send you a new request.
      </p>
      <StatementConfirmForm token={token} landownerName={s.landownerName} action={confirmStatementAction} />
    </div>
  );
}
