// The outbox: an email is a row written in the same transaction as the change that caused it, so
// it exists only if that change commits. deliver.ts sends the rows after commit.
import 'server-only';
import type { Executor } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { renderMail } from '@/lib/mail/renderer';
import type { EmailTemplateId, EmailTemplates } from '@/lib/mail/templates';
import { listForTemplate } from './lists';

export type EmailRecipient = { address: string; userId?: string | null };

export type EnqueueEmailInput<K extends EmailTemplateId> = {
  /** Names the event, e.g. `plan:{id}:decided`; an address gets one copy of an event. */
  eventKey: string;
  recipients: EmailRecipient[];
  template: K;
  props: EmailTemplates[K];
  /** Reply-To: the field office that serves the county the message is about. */
  replyTo?: string | null;
};

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** One recipient per address (trimmed, lower-cased); a copy that names the user wins. */
export function uniqueRecipients(recipients: EmailRecipient[]): { address: string; userId: string | null }[] {
  const byAddress = new Map<string, string | null>();
  for (const r of recipients) {
    const address = normalizeAddress(r.address);
    if (!address) continue;
    byAddress.set(address, byAddress.get(address) ?? r.userId ?? null);
  }
  return [...byAddress].map(([address, userId]) => ({ address, userId }));
}

/**
 * Records an email for each recipient inside the caller's transaction (pass `tx`, not the
 * database, so the email is sent only if the change commits). Renders once. An address already
 * holding a copy of this event gets nothing more, so re-running an event queues nothing.
 */
export async function enqueueEmail<K extends EmailTemplateId>(
  tx: Executor,
  input: EnqueueEmailInput<K>,
): Promise<{ queued: number }> {
  if (!input.eventKey.trim()) throw new Error('enqueueEmail needs an event key');
  const recipients = uniqueRecipients(input.recipients);
  if (recipients.length === 0) return { queued: 0 };
  const email = await renderMail(input.template, input.props);
  const rows = await tx
    .insert(emailOutbox)
    .values(
      recipients.map((r) => ({
        eventKey: input.eventKey,
        toAddress: r.address,
        toUserId: r.userId,
        template: input.template,
        subject: email.subject,
        html: email.html,
        text: email.text,
        payload: input.props as Record<string, unknown>,
        listKind: listForTemplate(input.template),
        replyTo: input.replyTo ?? null,
      })),
    )
    .onConflictDoNothing({ target: [emailOutbox.eventKey, emailOutbox.toAddress] })
    .returning({ id: emailOutbox.id });
  return { queued: rows.length };
}
