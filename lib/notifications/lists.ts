// The kinds of optional mail a person can stop, each from its own unsubscribe link (RFC 8058) or
// from /account/notifications. Decisions, returned plans, receipts and account mail always go.
import type { EmailTemplateId } from '@/lib/mail/templates';

export const MAIL_LISTS = {
  update_reminders: {
    label: 'annual update reminders (60, 30 and 7 days before the due date)',
    templates: ['update-due-reminder'],
  },
  deadline_notices: {
    label: 'overdue notices and new-owner deadline reminders',
    templates: ['update-overdue', 'new-owner-due'],
  },
  county_notices: {
    label: 'emails and digests about plans touching your county',
    templates: ['county-plan-submitted', 'county-plan-decided', 'county-digest'],
  },
} as const satisfies Record<string, { label: string; templates: readonly EmailTemplateId[] }>;

export type MailList = keyof typeof MAIL_LISTS;
export const MAIL_LIST_IDS = Object.keys(MAIL_LISTS) as MailList[];

export function isMailList(value: unknown): value is MailList {
  return typeof value === 'string' && Object.hasOwn(MAIL_LISTS, value);
}

/** The list a template's messages belong to, or null for mail that always goes. */
export function listForTemplate(template: string): MailList | null {
  for (const id of MAIL_LIST_IDS) {
    if ((MAIL_LISTS[id].templates as readonly string[]).includes(template)) return id;
  }
  return null;
}
