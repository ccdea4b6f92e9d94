import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { emailOutbox } from '@/db/schema';
import { EMAIL_PREVIEWS } from '@/emails';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { deliverPendingEmails, deliveryIdle, kickDelivery, retryDelayMs, type MailTransport } from '@/lib/notifications/deliver';
import { getOutboxMessage, listOutbox } from '@/lib/notifications/queries';
import { databaseLabel, useTestDb } from './support/test-db';

const NOTHING = { sent: 0, retried: 0, failed: 0, held: 0 };
const MINUTE = 60_000;

function decided(planId: string, addresses: string[]) {
  return {
    eventKey: `plan:${planId}:decided`,
    recipients: addresses.map((address) => ({ address })),
    template: 'plan-decided' as const,
    props: EMAIL_PREVIEWS['plan-decided'],
  };
}

/** A fake mail server that records each recipient it accepts, or refuses everything. */
function fakeTransport(options: { fail?: boolean } = {}) {
  const accepted: string[] = [];
  let calls = 0;
  const transport: MailTransport = {
    async sendMail(mail) {
      calls += 1;
      await new Promise((resolve) => setImmediate(resolve)); // let another worker run meanwhile
      if (options.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:2525\n    at TCPConnectWrap.afterConnect');
      accepted.push(String(mail.to));
      return { messageId: `<${calls}@fake>` };
    },
  };
  return { transport, accepted, calls: () => calls };
}

describe(`email outbox on ${databaseLabel}`, () => {
  const t = useTestDb();
  const rows = () => t.get().db.select().from(emailOutbox).orderBy(asc(emailOutbox.toAddress));

  afterEach(async () => {
    await t.get().db.delete(emailOutbox);
  });

  it('records an email only if the transaction that caused it commits', async () => {
    const { db } = t.get();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, decided('p-rolled-back', ['dana@example.com']));
        throw new Error('the decision could not be saved');
      }),
    ).rejects.toThrow('the decision could not be saved');
    expect(await rows()).toHaveLength(0);

    await db.transaction((tx) => enqueueEmail(tx, decided('p-committed', ['dana@example.com'])));
    const [row] = await rows();
    expect(row).toMatchObject({ eventKey: 'plan:p-committed:decided', status: 'pending', attempts: 0 });
    expect(row?.subject).toBe('Disapproved: Original manure management plan for Rock Valley Finishers');
    expect(row?.text).toContain('IAC 567-65.110(4)');
  });

  it('sends one copy to an address that holds several roles, and nothing more when the event repeats', async () => {
    const { db } = t.get();
    const event = decided('p1', ['Dana@Example.com', ' dana@example.com ', 'auditor@lyoncounty.iowa.example']);
    expect(await db.transaction((tx) => enqueueEmail(tx, event))).toEqual({ queued: 2 });
    expect((await rows()).map((r) => r.toAddress)).toEqual(['auditor@lyoncounty.iowa.example', 'dana@example.com']);

    expect(await db.transaction((tx) => enqueueEmail(tx, event))).toEqual({ queued: 0 });
    expect(await db.transaction((tx) => enqueueEmail(tx, decided('p1', ['DANA@example.com'])))).toEqual({ queued: 0 });
    expect(await rows()).toHaveLength(2);
    // A different event is a different email.
    expect(await db.transaction((tx) => enqueueEmail(tx, decided('p2', ['dana@example.com'])))).toEqual({ queued: 1 });
    expect(await db.transaction((tx) => enqueueEmail(tx, decided('p3', [])))).toEqual({ queued: 0 });
  });

  it('holds messages when no mail server is configured, and staff can still read them', async () => {
    const { db } = t.get();
    await db.transaction((tx) => enqueueEmail(tx, decided('p1', ['dana@example.com', 'lena@example.com'])));
    expect(await deliverPendingEmails({ transport: null })).toEqual({ ...NOTHING, held: 2 });
    expect((await rows()).map((r) => r.status)).toEqual(['held', 'held']);

    const page = await listOutbox({ status: 'held', limit: 1 });
    expect(page.total).toBe(2);
    expect(page.rows).toHaveLength(1);
    const message = await getOutboxMessage(page.rows[0]!.id);
    expect(message.html).toContain('Reasons for disapproval');

    // Held is not final: the first run that has a mail server sends them.
    const mail = fakeTransport();
    expect(await deliverPendingEmails({ transport: mail.transport })).toEqual({ ...NOTHING, sent: 2 });
    expect(mail.calls()).toBe(2);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect((await listOutbox({ status: 'sent' })).total).toBe(2);
    await expect(getOutboxMessage('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getOutboxMessage('not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides the token of a password-reset link from staff reading the message, unless revealed', async () => {
    const { db } = t.get();
    const props = { ...EMAIL_PREVIEWS['password-reset'], resetUrl: 'https://mmp.iowa.example/reset-password?token=s3cret-Tok3n' };
    await db.transaction((tx) =>
      enqueueEmail(tx, { eventKey: 'user:u1:reset:1', recipients: [{ address: 'dana@example.com' }], template: 'password-reset', props }),
    );
    const id = (await listOutbox()).rows[0]!.id;
    const shown = await getOutboxMessage(id);
    expect(`${shown.html}${shown.text}${JSON.stringify(shown.payload)}`).not.toContain('s3cret-Tok3n');
    expect(shown.text).toContain('reset-password?token=[hidden]');
    expect(shown.payload).toMatchObject({ resetUrl: 'https://mmp.iowa.example/reset-password?token=[hidden]' });
    expect((await getOutboxMessage(id, { revealLinks: true })).text).toContain('token=s3cret-Tok3n');
  });

  it('hides an owner claim code from staff, in its link and where the text spells it out', async () => {
    const { db } = t.get();
    const props = { ...EMAIL_PREVIEWS['owner-claim-invitation'], code: 'K7QM-2XWP-9DTR', claimUrl: 'https://mmp.iowa.example/operations/claim-records?code=K7QM-2XWP-9DTR' };
    await db.transaction((tx) =>
      enqueueEmail(tx, { eventKey: 'owner-claim:c1', recipients: [{ address: 'owner12@example.com' }], template: 'owner-claim-invitation', props }),
    );
    const id = (await listOutbox()).rows[0]!.id;
    const shown = await getOutboxMessage(id);
    expect(`${shown.subject}${shown.html}${shown.text}${JSON.stringify(shown.payload)}`).not.toContain('K7QM-2XWP-9DTR');
    expect(shown.text).toContain('claim-records?code=[hidden]');
    expect(shown.payload).toMatchObject({ code: '[hidden]', claimUrl: 'https://mmp.iowa.example/operations/claim-records?code=[hidden]' });
    expect((await getOutboxMessage(id, { revealLinks: true })).text).toContain('K7QM-2XWP-9DTR');
  });

  // Without SMTP_URL (as in this test run) the portal has no mail server, so a kick holds the mail.
  it.skipIf(Boolean(process.env.SMTP_URL))('delivers after commit when a request handler kicks it', async () => {
    const { db } = t.get();
    await db.transaction((tx) => enqueueEmail(tx, decided('p1', ['dana@example.com', 'lena@example.com'])));
    kickDelivery();
    kickDelivery(); // a second kick while the first runs does not start a parallel run
    await deliveryIdle();
    expect((await rows()).map((r) => r.status)).toEqual(['held', 'held']);
  });

  it('retries a failing send after 1, 2, 4 ... 64 minutes and gives up after 8 attempts', async () => {
    const { db } = t.get();
    await db.transaction((tx) => enqueueEmail(tx, decided('p1', ['dana@example.com'])));
    const mail = fakeTransport({ fail: true });
    let now = new Date((await rows())[0]!.nextAttemptAt.getTime() + 1000);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const result = await deliverPendingEmails({ transport: mail.transport, now });
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: attempt, lastError: 'connect ECONNREFUSED 127.0.0.1:2525', sentAt: null });
      if (attempt === 8) {
        expect(result).toEqual({ ...NOTHING, failed: 1 });
        expect(row?.status).toBe('failed');
        break;
      }
      expect(result).toEqual({ ...NOTHING, retried: 1 });
      expect(row?.status).toBe('pending');
      const next = row!.nextAttemptAt;
      waits.push((next.getTime() - now.getTime()) / MINUTE);
      // Not before its time.
      expect(await deliverPendingEmails({ transport: mail.transport, now: new Date(next.getTime() - 1000) })).toEqual(NOTHING);
      now = next;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(mail.calls()).toBe(8);
    // A failed message stays failed.
    expect(await deliverPendingEmails({ transport: mail.transport, now: new Date(now.getTime() + 24 * 60 * MINUTE) })).toEqual(NOTHING);
    expect(retryDelayMs(12)).toBe(6 * 60 * MINUTE);
  });

  it('sends a message whose worker stopped mid-send once its claim is 10 minutes old', async () => {
    const { db } = t.get();
    await db.transaction((tx) => enqueueEmail(tx, decided('p1', ['dana@example.com'])));
    const claimedAt = new Date(Date.now() + MINUTE);
    await db.update(emailOutbox).set({ status: 'sending', lockedAt: claimedAt });
    const mail = fakeTransport();
    const later = (minutes: number) => new Date(claimedAt.getTime() + minutes * MINUTE);
    expect(await deliverPendingEmails({ transport: mail.transport, now: later(9) })).toEqual(NOTHING);
    expect(await deliverPendingEmails({ transport: mail.transport, now: later(11) })).toEqual({ ...NOTHING, sent: 1 });
    expect(mail.accepted).toEqual(['dana@example.com']);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1, sentAt: later(11), lockedAt: null });
  });

  it('two workers running at once send every message exactly once', async () => {
    const { db } = t.get();
    const addresses = Array.from({ length: 30 }, (_, i) => `owner${i}@example.com`);
    await db.transaction((tx) => enqueueEmail(tx, decided('p1', addresses)));
    const drain = async (transport: MailTransport) => {
      for (;;) {
        const r = await deliverPendingEmails({ transport, limit: 4 });
        if (r.sent + r.retried + r.failed === 0) return;
      }
    };
    const a = fakeTransport();
    const b = fakeTransport();
    await Promise.all([drain(a.transport), drain(b.transport)]);

    const all = [...a.accepted, ...b.accepted].sort();
    expect(all).toEqual([...addresses].sort());
    const stored = await db
      .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    expect(stored).toEqual([{ status: 'sent', n: 30 }]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.attempts, 1))).toHaveLength(30);
  });
});
