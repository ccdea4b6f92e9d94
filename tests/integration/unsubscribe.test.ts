import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { auditEvents, emailOptOuts, emailOutbox, notificationPreferences, planCounties } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { notifyCountiesOfPlan } from '@/lib/counties/notify';
import { runDailyJob } from '@/lib/jobs/daily';
import { deliverPendingEmails } from '@/lib/notifications/deliver';
import { createUnsubscribeToken, readUnsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { addDays } from '@/lib/rules';
import { GET as unsubscribeGet, POST as unsubscribePost } from '@/app/api/unsubscribe/[token]/route';
import { approvePlan, createOperation, createOwner, createReviewer, createUser, giveToOwnerWithoutAccount, planUnderReview, setUpdateDueDate } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Reminders that can be stopped from the message itself (RFC 8058), that say they were sent
// automatically, and whose replies reach the DNR field office serving the operation's county.
// Made here at T: Kalona Dairy (Washington County, field office 6; owner Ruth Miller has no
// account) is due at T+60; Rock Valley (Lyon County, field office 3; Karen Hansen) at T+45; Doon
// Sow Unit (Pieter Van Zee) was due at T-20.
const T = '2026-11-30';
const PORT = 2612;
const received: { to: string; raw: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo[0]!.address, raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
// Headers unfolded and quoted-printable soft breaks joined.
const readable = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ').replace(/=\r\n/g, '').replace(/=3D/g, '=');
const header = (raw: string, name: string) => new RegExp(`^${name}: (.+)$`, 'mi').exec(readable(raw))?.[1]?.trim() ?? null;

function post(url: string, body: string) {
  const token = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
  return unsubscribePost(new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }), { params: Promise.resolve({ token }) });
}

describe(`unsubscribe links, Auto-Submitted and the field office on ${databaseLabel}`, () => {
  const t = useTestDb();
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: PORT, secure: false, ignoreTLS: true });
  const db = () => t.get().db;
  const HANSEN = 'karen.hansen@example.test';
  const RUTH = 'ruth.miller@example.test';
  let hansen: Actor, vanzee: Actor, prairie: Actor, sioux: Actor, obrien: Actor;

  beforeAll(async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(PORT, '127.0.0.1', () => resolve());
    });
    hansen = await createOwner({ name: 'Karen Hansen', email: HANSEN });
    vanzee = await createOwner({ name: 'Pieter Van Zee' });
    prairie = await createOwner({ name: 'Luis Ortega' });
    sioux = await createUser('county_official', { countyFips: '19167', name: 'Sioux County Auditor' });
    obrien = await createUser('county_official', { countyFips: '19141', name: 'O’Brien County Auditor' });
    const rockValley = await createOperation(hansen, { name: 'Rock Valley Finisher Site', countyFips: '19119', today: T });
    await setUpdateDueDate(rockValley.operationId, addDays(T, 45));
    const kalona = await createOperation(vanzee, { name: 'Kalona Dairy', countyFips: '19183', today: T });
    await giveToOwnerWithoutAccount(kalona.operationId, { name: 'Ruth Miller', email: RUTH });
    await setUpdateDueDate(kalona.operationId, addDays(T, 60));
    const doon = await createOperation(vanzee, { name: 'Doon Sow Unit', countyFips: '19167', today: T });
    await setUpdateDueDate(doon.operationId, addDays(T, -20));
    await runDailyJob({ today: T, origin: 'https://mmp.test', transport: null, deliver: false });
    await deliverPendingEmails({ transport, limit: 100 });
  });
  afterAll(async () => {
    transport.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a reminder carries one-click unsubscribe headers, Auto-Submitted, and the field office as Reply-To and in the body', async () => {
    const reminder = received.find((m) => m.to === HANSEN && /update due in/i.test(readable(m.raw)))!;
    expect(hansen).toBeDefined();
    expect(header(reminder.raw, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(reminder.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+\/api\/unsubscribe\/[^>]+)>$/.exec(header(reminder.raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    expect(readUnsubscribeToken(decodeURIComponent(link!.split('/').pop()!))).toMatchObject({ list: 'update_reminders' });
    // Lyon County is served by field office 3 (Spencer).
    expect(header(reminder.raw, 'Reply-To')).toBe('field-office-3@dnr.iowa.example');
    const [row] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, HANSEN), eq(emailOutbox.template, 'update-due-reminder')));
    const body = row!.text;
    expect(body).toContain("contact the DNR's Field Office 3 — Spencer, field-office-3@dnr.iowa.example (replying to this email reaches it)");
    expect(body).toContain('To stop emails like this one, use the Unsubscribe link of your mail program, or change your notification settings: https://mmp.test/account/notifications');
    // The overdue notice is its own kind, with its own link.
    const overdue = received.find((m) => /Overdue: annual MMP update for Doon Sow Unit/.test(readable(m.raw)))!;
    expect(readUnsubscribeToken(decodeURIComponent(/\/api\/unsubscribe\/([^>]+)>/.exec(header(overdue.raw, 'List-Unsubscribe')!)![1]!))).toMatchObject({ list: 'deadline_notices' });
  });

  it('a one-click POST switches that kind off for that person, without signing in, with an audit event', async () => {
    const reminder = received.find((m) => m.to === HANSEN && /update due in/i.test(readable(m.raw)))!;
    const link = /^<([^>]+)>$/.exec(header(reminder.raw, 'List-Unsubscribe')!)![1]!;
    const res = await post(link, 'List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Unsubscribed: k***@example.test will no longer get annual update reminders (60, 30 and 7 days before the due date).');
    const id = hansen.id;
    const [prefs] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, id));
    expect(prefs).toMatchObject({ updateReminders: false, deadlineNotices: true, countyNotices: true });
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'account.unsubscribed'), eq(auditEvents.entityId, id)))).toHaveLength(1);
    // Rock Valley's 30-day reminder (T+15) is not queued for her; the kind she kept still is.
    const r = await runDailyJob({ today: addDays(T, 15), origin: 'https://mmp.test', transport: null, deliver: false });
    expect(r.reminders.update_due_30).toBe(0);
  });

  it('an address with no account is kept off that kind too', async () => {
    const ruth = received.find((m) => m.to === RUTH)!;
    const link = /^<([^>]+)>$/.exec(header(ruth.raw, 'List-Unsubscribe')!)![1]!;
    expect(readUnsubscribeToken(decodeURIComponent(link.split('/').pop()!))).toEqual({ list: 'update_reminders', address: RUTH });
    expect((await post(link, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await db().select().from(emailOptOuts)).toEqual([expect.objectContaining({ address: RUTH, listKind: 'update_reminders' })]);
    // Kalona's 30-day day is T+30: nothing for Ruth.
    const before = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, RUTH))).length;
    await runDailyJob({ today: addDays(T, 30), origin: 'https://mmp.test', transport: null, deliver: false });
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, RUTH))).length).toBe(before);
  });

  it('a browser opening the link gets the page that asks first; its button posts and lands on the confirmation', async () => {
    const token = createUnsubscribeToken({ userId: sioux.id, list: 'county_notices' });
    const get = await unsubscribeGet(new Request(`https://mmp.test/api/unsubscribe/${token}`), { params: Promise.resolve({ token }) });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/unsubscribe/${token}`);
    const res = await post(`https://mmp.test/api/unsubscribe/${token}`, 'confirm=1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/unsubscribe/${token}?done=1`);
    const [prefs] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, sioux.id));
    expect(prefs).toMatchObject({ countyNotices: false, updateReminders: true });
    // A plan with fields in Sioux and O'Brien counties is decided (again): Sioux's official gets no
    // email of it; O'Brien's, who kept county notices, does.
    const reviewer = await createReviewer();
    const { planId } = await planUnderReview(reviewer, { today: addDays(T, -30), countyFips: '19167' });
    await approvePlan(reviewer, planId, { today: addDays(T, -10) });
    const touched = await db().select({ fips: planCounties.countyFips }).from(planCounties).where(eq(planCounties.planId, planId));
    expect(touched.map((c) => c.fips)).toContain('19167');
    await db().transaction((tx) => notifyCountiesOfPlan(tx, { planId, event: 'decided', origin: 'https://mmp.test', cycle: 99 }));
    const sent = await db().select().from(emailOutbox).where(eq(emailOutbox.eventKey, `plan:${planId}:county-decided:99`));
    expect(sent.map((m) => m.toAddress)).not.toContain(sioux.email);
    expect(sent.map((m) => m.toAddress)).toContain(obrien.email);
  });

  it('refuses a link whose token was altered or made with another secret', async () => {
    const token = createUnsubscribeToken({ userId: vanzee.id, list: 'deadline_notices' });
    const [payload, sig] = token.split('.');
    const forgedPayload = Buffer.from(`deadline_notices|u:${prairie.id}`).toString('base64url');
    for (const bad of [`${forgedPayload}.${sig}`, `${payload}.${sig!.slice(0, -2)}xx`, createUnsubscribeToken({ userId: vanzee.id, list: 'deadline_notices' }, 'another-secret-another-secret-another'), 'nonsense']) {
      expect((await post(`https://mmp.test/api/unsubscribe/${encodeURIComponent(bad)}`, 'List-Unsubscribe=One-Click')).status).toBe(404);
    }
    expect(await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, vanzee.id))).toEqual([]);
  });
});
