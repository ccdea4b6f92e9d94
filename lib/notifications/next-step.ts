// What will happen to a message in the outbox, in one sentence for the staff "Sent mail" pages.
// Pure: the caller says whether a mail server is configured and what time it is.
import { MAX_ATTEMPTS } from './deliver';
import { formatDateTime } from '@/lib/format';
import type { OutboxSummary } from './queries';

export type OutlookInput = Pick<OutboxSummary, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError'>;

export function deliveryOutlook(m: OutlookInput, ctx: { smtpConfigured: boolean; now: Date }): string {
  switch (m.status) {
    case 'sent':
      return `Sent ${m.sentAt ? formatDateTime(m.sentAt) : ''}${m.attempts > 1 ? ` on attempt ${m.attempts}` : ''}.`.replace(' .', '.');
    case 'sending':
      return 'Being sent now.';
    case 'failed':
      return `Not sent: the portal gave up after ${m.attempts} attempts. Last answer from the mail server: ${m.lastError ?? 'none recorded'}.`;
    case 'held':
      return ctx.smtpConfigured
        ? 'Held while no mail server was configured; it goes out on the next delivery pass (within a minute).'
        : 'Kept here: no mail server is configured (SMTP_URL). It goes out once one is.';
    case 'pending': {
      if (!ctx.smtpConfigured) return 'Waiting: no mail server is configured (SMTP_URL), so it will be kept here until one is.';
      if (m.attempts === 0) return 'Waiting to send on the next delivery pass (within a minute).';
      const when = m.nextAttemptAt <= ctx.now ? 'on the next delivery pass' : formatDateTime(m.nextAttemptAt);
      return `Attempt ${m.attempts} of ${MAX_ATTEMPTS} failed (${m.lastError ?? 'no reason recorded'}). Next attempt ${when}.`;
    }
  }
}
