import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { asc, eq } from 'drizzle-orm';
import { emailOutbox } from '@/db/schema';
import { EMAIL_PREVIEWS } from '@/emails';
import { useLogDestination } from '@/lib/log';
import { deliverPendingEmails, MAX_ATTEMPTS } from '@/lib/notifications/deliver';
import { deliveryOutlook } from '@/lib/notifications/next-step';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { databaseLabel, useTestDb } from './support/test-db';

// Mail held while the portal had no SMTP server, then an SMTP server that is down, then one that
// answers: the operator's sequence from the issue, against a real SMTP server on loopback.
const PORT = 2610;
const MINUTE = 60_000;
const received: { to: string[]; raw: string }[] = [];
let rejectNext = 0;

function smtpServer() {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (rejectNext > 0) {
        rejectNext -= 1;
        callback(Object.assign(new Error('4.2.1 Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
}

const logLines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

describe(`mail held, then refused, then delivered on ${databaseLabel}`, () => {
  const t = useTestDb();
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: PORT, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
  let server: SMTPServer | null = null;
  const rows = () => t.get().db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));

  beforeAll(() => useLogDestination(capture, 'info'));
  afterAll(async () => {
    useLogDestination(null);
    transport.close();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });

  it('sends held mail once SMTP is available, after a failed attempt whose reason is kept and logged', async () => {
    const { db } = t.get();
    await db.transaction((tx) =>
      enqueueEmail(tx, { eventKey: 'plan:held-1:decided', recipients: [{ address: 'dana@example.com' }], template: 'plan-decided', props: EMAIL_PREVIEWS['plan-decided'] }),
    );

    // 1. A job run without SMTP_URL keeps it.
    expect(await deliverPendingEmails({ transport: null })).toEqual({ sent: 0, retried: 0, failed: 0, held: 1 });
    let [row] = await rows();
    expect(row!.status).toBe('held');
    expect(deliveryOutlook(row!, { smtpConfigured: false, now: new Date() })).toBe('Kept here: no mail server is configured (SMTP_URL). It goes out once one is.');
    expect(deliveryOutlook(row!, { smtpConfigured: true, now: new Date() })).toMatch(/^Held while no mail server was configured; it goes out on the next delivery pass/);

    // 2. SMTP_URL is set, but the server is not up yet: the attempt fails, is kept and logged.
    const t0 = new Date(Date.now() + MINUTE);
    expect(await deliverPendingEmails({ transport, now: t0 })).toEqual({ sent: 0, retried: 1, failed: 0, held: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: `connect ECONNREFUSED 127.0.0.1:${PORT}` });
    expect(row!.attemptLog).toEqual([{ at: t0.toISOString(), outcome: 'failed', error: `connect ECONNREFUSED 127.0.0.1:${PORT}` }]);
    expect(row!.nextAttemptAt.getTime() - t0.getTime()).toBe(MINUTE);
    expect(deliveryOutlook(row!, { smtpConfigured: true, now: t0 })).toMatch(
      new RegExp(`^Attempt 1 of ${MAX_ATTEMPTS} failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${PORT}\\)\\. Next attempt .+ at .+`),
    );
    const failure = logLines.find((l) => l.msg === 'delivery failed; will retry');
    expect(failure).toMatchObject({ level: 'warn', component: 'mail', outboxId: row!.id, event: 'plan:held-1:decided', attempt: 1, retryInMs: MINUTE });
    expect(String(failure!.error)).toContain('ECONNREFUSED');

    // Not before its backoff.
    expect(await deliverPendingEmails({ transport, now: new Date(t0.getTime() + 30_000) })).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });

    // 3. The SMTP server comes back; the next pass after the backoff delivers the message.
    server = smtpServer();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(PORT, '127.0.0.1', () => resolve());
    });
    const t1 = new Date(t0.getTime() + MINUTE + 1000);
    expect(await deliverPendingEmails({ transport, now: t1 })).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, sentAt: t1, lastError: null });
    expect(row!.attemptLog.map((a) => a.outcome)).toEqual(['failed', 'sent']);
    expect(received.map((r) => r.to)).toEqual([['dana@example.com']]);
    expect(received[0]!.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    expect(logLines.find((l) => l.msg === 'message sent')).toMatchObject({ outboxId: row!.id, attempt: 2 });
  });

  it('keeps each refusal of the server, and gives up at the cap with an error in the log', async () => {
    const { db } = t.get();
    await db.delete(emailOutbox);
    await db.transaction((tx) =>
      enqueueEmail(tx, { eventKey: 'plan:busy-1:decided', recipients: [{ address: 'lena@example.com' }], template: 'plan-decided', props: EMAIL_PREVIEWS['plan-decided'] }),
    );
    rejectNext = MAX_ATTEMPTS;
    let now = new Date(Date.now() + MINUTE);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverPendingEmails({ transport, now });
      const [row] = await rows();
      now = new Date(row!.nextAttemptAt.getTime() + 1000);
    }
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.eventKey, 'plan:busy-1:decided'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toContain('451 4.2.1 Mailbox busy, try again later');
    expect(row!.attemptLog).toHaveLength(MAX_ATTEMPTS);
    expect(row!.attemptLog.every((a) => a.outcome === 'failed' && a.error?.includes('Mailbox busy'))).toBe(true);
    expect(deliveryOutlook(row!, { smtpConfigured: true, now })).toContain(`Not sent: the portal gave up after ${MAX_ATTEMPTS} attempts.`);
    expect(logLines.find((l) => l.msg === `delivery failed; gave up after ${MAX_ATTEMPTS} attempts`)).toMatchObject({ level: 'error', outboxId: row!.id });
    // The cap is final: a later pass does not try again.
    expect(await deliverPendingEmails({ transport, now: new Date(now.getTime() + 24 * 60 * MINUTE) })).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
  });
});
