// The daily job writes its emails to the outbox in a few multi-row INSERTs rather than one per
// email. Same rules as enqueueEmail (lib/notifications/outbox.ts): one copy per address and event,
// addresses normalized, and the rows exist only if the caller's transaction commits.
import 'server-only';
import type { Executor } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import type { RenderedEmail } from '@/lib/mail/templates';
import { listForTemplate } from '@/lib/notifications/lists';
import { uniqueRecipients, type EmailRecipient } from '@/lib/notifications/outbox';

export type RenderedMessage = {
  eventKey: string;
  recipients: EmailRecipient[];
  template: string;
  props: object;
  email: RenderedEmail;
  /** Reply-To: the field office that serves the operation's county. */
  replyTo?: string | null;
};

const ROWS_PER_INSERT = 200;

/** Inserts each message for each recipient; returns how many rows were new. */
export async function insertRenderedEmails(tx: Executor, messages: RenderedMessage[]): Promise<number> {
  const rows = messages.flatMap((m) =>
    uniqueRecipients(m.recipients).map((r) => ({
      eventKey: m.eventKey,
      toAddress: r.address,
      toUserId: r.userId,
      template: m.template,
      subject: m.email.subject,
      html: m.email.html,
      text: m.email.text,
      payload: m.props as Record<string, unknown>,
      listKind: listForTemplate(m.template),
      replyTo: m.replyTo ?? null,
    })),
  );
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const done = await tx
      .insert(emailOutbox)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoNothing({ target: [emailOutbox.eventKey, emailOutbox.toAddress] })
      .returning({ id: emailOutbox.id });
    inserted += done.length;
  }
  return inserted;
}
