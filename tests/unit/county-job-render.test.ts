import { describe, expect, it } from 'vitest';
import { EMAIL_PREVIEWS, renderEmail, type EmailTemplates } from '@/emails';
import { renderJobEmail } from '@/emails/job-render';
import { JOB_TEMPLATE_IDS } from '@/lib/mail/templates';

// The daily job renders with a faster path (one React render per email); what it stores in the
// outbox must be exactly what renderEmail would have produced.
const odd = {
  'update-due-reminder': { ...EMAIL_PREVIEWS['update-due-reminder'], ownerName: 'O’Brien & Sons <Farms>', daysLeft: 7, operationName: 'Hog "Heaven" Site' },
  'update-overdue': { ...EMAIL_PREVIEWS['update-overdue'], daysOverdue: 1, ownerName: 'Ruth Miller' },
  'new-owner-due': { ...EMAIL_PREVIEWS['new-owner-due'], previousOwnerName: null, daysLeft: 1 },
  'county-digest': { ...EMAIL_PREVIEWS['county-digest'], frequency: 'daily', items: EMAIL_PREVIEWS['county-digest'].items.slice(0, 1) },
} satisfies { [K in (typeof JOB_TEMPLATE_IDS)[number]]: EmailTemplates[K] };

describe('the daily job’s email renderer', () => {
  it.each(JOB_TEMPLATE_IDS)('renders %s exactly as renderEmail does, for its preview and for awkward values', async (id) => {
    for (const props of [EMAIL_PREVIEWS[id], odd[id]]) {
      const fast = await renderJobEmail(id, props as never);
      const reference = await renderEmail(id, props as never);
      expect(fast).toEqual(reference);
    }
  });
});
