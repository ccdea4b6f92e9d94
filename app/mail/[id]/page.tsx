import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { formatDateTime } from '@/lib/format';
import { getEnv } from '@/lib/env';
import { deliveryOutlook } from '@/lib/notifications/next-step';
import { getOutboxMessage, type OutboxMessage } from '@/lib/notifications/queries';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { OUTBOX_STATUS_LABELS } from '../access';
import { EmailFrame, EmailText } from '../email-frame';

export const metadata: Metadata = { title: 'Message' };

async function load(id: string): Promise<OutboxMessage> {
  // Link tokens are hidden (the default): staff see that a reset link was sent, not the link.
  return inScope(getOutboxMessage(id));
}

export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireCapability('mail.read', `/mail/${id}`);
  const m = await load(id);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Sent mail', href: '/mail' }, { label: 'Message' }]} />
      <PageHeading title={m.subject} />
      <SummaryBox heading="Delivery">
        <ul className="usa-list margin-y-0">
          <li>To: {m.toAddress}</li>
          <li>Status: {OUTBOX_STATUS_LABELS[m.status]}</li>
          <li>Written: {formatDateTime(m.createdAt)}</li>
          {m.sentAt ? <li>Sent: {formatDateTime(m.sentAt)}</li> : null}
          <li>What happens next: {deliveryOutlook(m, { smtpConfigured: Boolean(getEnv().SMTP_URL), now: new Date() })}</li>
          {m.replyTo ? <li>Replies go to: {m.replyTo}</li> : null}
          <li>
            Email: {m.template} (event <code>{m.eventKey}</code>)
          </li>
        </ul>
      </SummaryBox>
      {m.attemptLog.length ? (
        <>
          <h2>Delivery attempts</h2>
          <ol className="usa-list">
            {m.attemptLog.map((a, i) => (
              <li key={i}>
                {formatDateTime(a.at)}: {a.outcome === 'sent' ? 'sent' : `refused or unreachable (${a.error ?? 'no reason recorded'})`}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h2>The message</h2>
      <EmailFrame title={`The message: ${m.subject}`} html={m.html} />
      <EmailText text={m.text} />
    </>
  );
}
