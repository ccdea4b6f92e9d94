import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { SelectField } from '@/components/select-field';
import { formatDateTime } from '@/lib/format';
import { getEnv } from '@/lib/env';
import { deliveryOutlook } from '@/lib/notifications/next-step';
import { listOutbox, OUTBOX_STATUSES, type OutboxStatus, type OutboxSummary } from '@/lib/notifications/queries';
import { Pager, rangeText } from '../county/pager';
import { requireCapability } from '@/lib/auth/gates';
import { OUTBOX_STATUS_LABELS } from './access';

export const metadata: Metadata = { title: 'Sent mail' };

const PAGE_SIZE = 50;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SentMailPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCapability('mail.read', '/mail');
  const params = await searchParams;
  const statusParam = first(params.status);
  const status = OUTBOX_STATUSES.find((s) => s === statusParam) as OutboxStatus | undefined;
  const page = Math.max(1, Math.floor(Number(first(params.page)) || 1));
  const { rows, total } = await listOutbox({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, status });
  const outlook = { smtpConfigured: Boolean(getEnv().SMTP_URL), now: new Date() };
  const href = (p: number) => `/mail?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) }).toString()}`;
  return (
    <>
      <PageHeading
        title="Sent mail"
        lead="Every email the portal has written, newest first: what was sent, what is waiting, and what failed. Links that would let the reader act as the recipient are hidden."
      >
        <Link href="/mail/previews" className="usa-button usa-button--outline">
          Preview every email
        </Link>
      </PageHeading>
      <form method="get" action="/mail" className="usa-form margin-bottom-2" aria-label="Filter the outbox">
        <SelectField label="Status" name="status" defaultValue={status ?? ''} placeholder="Any status" options={OUTBOX_STATUSES.map((s) => ({ value: s, label: OUTBOX_STATUS_LABELS[s] }))} />
        <button type="submit" className="usa-button margin-top-1">
          Show
        </button>
      </form>
      <p aria-live="polite">{rangeText(page, PAGE_SIZE, rows.length, total, 'messages')}</p>
      <DataTable<OutboxSummary>
        caption="Outbox messages"
        captionHidden
        stacked
        rows={rows}
        rowKey={(m) => m.id}
        emptyMessage="No messages."
        columns={[
          { key: 'subject', header: 'Subject', rowHeader: true, cell: (m) => <Link href={`/mail/${m.id}`}>{m.subject}</Link> },
          { key: 'to', header: 'To', cell: (m) => m.toAddress },
          { key: 'template', header: 'Email', cell: (m) => m.template },
          { key: 'status', header: 'Status', cell: (m) => OUTBOX_STATUS_LABELS[m.status] },
          { key: 'next', header: 'What happens next', cell: (m) => deliveryOutlook(m, outlook) },
          { key: 'created', header: 'Written', cell: (m) => formatDateTime(m.createdAt) },
        ]}
      />
      <Pager page={page} total={total} pageSize={PAGE_SIZE} label="Pages of messages" href={href} />
    </>
  );
}
