import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { emailOutbox } from '@/db/schema';
import { EMAIL_PREVIEWS } from '@/emails';
import { getEnv } from '@/lib/env';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { deliverPendingEmails } from '@/lib/notifications/deliver';
import { databaseLabel, useTestDb } from './support/test-db';

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server on loopback: what an owner's mail server would receive.
const received: Received[] = [];
const refused = new Set<string>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address)) {
      callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

// Headers unfolded and quoted-printable soft line breaks joined, so phrases can be searched.
const readable = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ').replace(/=\r\n/g, '');

describe(`delivery through an SMTP server on ${databaseLabel}`, () => {
  const t = useTestDb();
  let transport: nodemailer.Transporter;

  beforeAll(async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });

  afterEach(async () => {
    received.length = 0;
    refused.clear();
    await t.get().db.delete(emailOutbox);
  });

  afterAll(async () => {
    transport?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the decision letter with a plain-text and an HTML part', async () => {
    const { db } = t.get();
    await db.transaction((tx) =>
      enqueueEmail(tx, {
        eventKey: 'plan:smtp-1:decided',
        recipients: [{ address: 'Dana.VanderBerg@Example.com' }],
        template: 'plan-decided',
        props: EMAIL_PREVIEWS['plan-decided'],
      }),
    );
    expect(await deliverPendingEmails({ transport })).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['dana.vanderberg@example.com']);
    expect(mail.from).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(getEnv().MAIL_FROM).toContain(mail.from);
    const raw = readable(mail.raw);
    expect(raw).toContain('Subject: Disapproved: Original manure management plan for Rock Valley Finishers');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    const textPart = raw.indexOf('Content-Type: text/plain');
    const htmlPart = raw.indexOf('Content-Type: text/html');
    expect(textPart).toBeGreaterThan(-1);
    expect(htmlPart).toBeGreaterThan(textPart);
    expect(raw.slice(textPart, htmlPart)).toContain('IAC 567-65.110(4)');
    expect(raw).toMatch(/^X-MMP-Event: plan:smtp-1:decided\r?$/im);

    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the server's refusal for staff to read and tries again later", async () => {
    const { db } = t.get();
    refused.add('old-address@example.com');
    await db.transaction((tx) =>
      enqueueEmail(tx, {
        eventKey: 'operation:64512:update-due-30',
        recipients: [{ address: 'old-address@example.com' }],
        template: 'update-due-reminder',
        props: EMAIL_PREVIEWS['update-due-reminder'],
      }),
    );
    expect(await deliverPendingEmails({ transport })).toEqual({ sent: 0, retried: 1, failed: 0, held: 0 });
    expect(received).toHaveLength(0);
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/550.*Mailbox unavailable/);
    expect(row?.lastError).not.toContain('\n');
  });
});
