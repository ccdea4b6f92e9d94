import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, emailOutbox, notificationPreferences, operations, remindersSent } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { describeDailyRun, runDailyJob } from '@/lib/jobs/daily';
import { addDays, effectiveDeadline } from '@/lib/rules';
import { approvedPlanFor, createOperation, createOwner, createReviewer, giveToOwnerWithoutAccount, setUpdateDueDate, submitNoChangeUpdate, transferOwnership } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The records made here are dated from T: Kalona Dairy's update is due at T+60 (owner Ruth Miller
// has no account: her address on file is used), Rock Valley's at T+45 (Hansen), Doon's was due at
// T-20, Le Mars changed hands at T-30 (from Van Zee Pork Inc.), Stanhope has an update waiting on the
// department and is due at T+200, Sutherland is an elected SAFO due at T+150. Nothing else is due.
const T = '2026-11-30';
const ORIGIN = 'https://mmp.test';
const effectiveDeadlineNextDay = (dueOn: string) => addDays(effectiveDeadline(dueOn), 1);
const run = (today: string) => runDailyJob({ today, origin: ORIGIN, transport: null });

describe(`the daily reminder job on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const mail = (template: string) =>
    db()
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text, eventKey: emailOutbox.eventKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, template))
      .orderBy(emailOutbox.toAddress, emailOutbox.eventKey);
  const outboxCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
  const HANSEN = 'karen.hansen@example.test';
  const RUTH = 'ruth.miller@example.test';
  let hansen: Actor, prairie: Actor;
  const operationId = async (name: string) => (await db().select({ id: operations.id }).from(operations).where(eq(operations.name, name)))[0]!.id;

  beforeAll(async () => {
    hansen = await createOwner({ name: 'Karen Hansen', email: HANSEN });
    const vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    const due = async (owner: Actor, name: string, dueOn: string | null, over: Parameters<typeof createOperation>[1] = {}) => {
      const op = await createOperation(owner, { name, today: T, ...over });
      if (dueOn) await setUpdateDueDate(op.operationId, dueOn);
      return op.operationId;
    };
    await due(hansen, 'Rock Valley Finisher Site', addDays(T, 45));
    await due(vanzee, 'Doon Sow Unit', addDays(T, -20), { countyFips: '19119' });
    const kalona = await due(vanzee, 'Kalona Dairy', null, { countyFips: '19183', inventory: [{ category: 'dairy_mature', head: 700 }, { category: 'dairy_immature', head: 300 }] });
    await giveToOwnerWithoutAccount(kalona, { name: 'Ruth Miller', email: RUTH });
    await setUpdateDueDate(kalona, addDays(T, 60));
    await due(hansen, 'Sutherland Nursery (SAFO)', addDays(T, 150), { countyFips: '19141', safoElect: true });
    const leMars = await due(vanzee, 'Le Mars Finisher', null, { countyFips: '19149' });
    await transferOwnership(leMars, prairie, addDays(T, -30));
    // Stanhope's plan was approved two years ago; its update now waits on the department.
    const reviewer = await createReviewer();
    const stanhope = await due(prairie, 'Stanhope Layer Complex', null, { countyFips: '19079', today: addDays(T, -730) });
    await approvedPlanFor(prairie, stanhope, reviewer, { today: addDays(T, -730) });
    await submitNoChangeUpdate(prairie, stanhope, { today: addDays(T, -3) });
    await setUpdateDueDate(stanhope, addDays(T, 200));
  });

  it('on a fresh install, processes the year before: an update 20 days overdue gets its notice, once', async () => {
    const progress: string[] = [];
    // The mail of the setup (Stanhope's filing and approval) is in the outbox, undelivered, too.
    const setupMail = await outboxCount();
    const first = await runDailyJob({ today: T, origin: ORIGIN, transport: null, onProgress: (line) => progress.push(line) });
    expect(first.coveredFrom).toBe(addDays(T, -366));
    expect(first.daysCovered).toBe(367);
    // Doon's update was due T-20; Rock Valley's 60-day day (T-15) passed before the install, and
    // its due date is still 45 days off, so that reminder goes now; Kalona's 60-day day is today.
    expect(first.reminders).toEqual({ update_due_60: 2, update_due_30: 0, update_due_7: 0, update_overdue: 1, new_owner_due: 1 });
    const [overdue] = await mail('update-overdue');
    expect(overdue!.subject).toBe('Overdue: annual MMP update for Doon Sow Unit was due November 10, 2026');
    expect(overdue!.text).toContain('it is 20 days overdue');
    const rockValley = (await mail('update-due-reminder')).find((m) => m.to === HANSEN);
    expect(rockValley!.subject).toBe('Annual MMP update due in 45 days (January 14, 2027): Rock Valley Finisher Site');
    // What it queued, day by day, and a progress line every 30 days of the 367.
    const printed = describeDailyRun(first);
    expect(printed).toContain(`Daily job for ${addDays(T, -366)} to ${T} (367 days`);
    expect(printed).toContain(`  ${addDays(T, -15)}: queued 1 update reminder at 60 days`);
    expect(printed).toContain(`  ${effectiveDeadlineNextDay('2026-11-10')}: queued 1 overdue notice`);
    expect(printed).toContain(`  ${T}: queued 1 update reminder at 60 days, 1 new-owner reminder`);
    expect(printed).toContain('  the other 364 days: nothing to queue');
    expect(progress).toHaveLength(12);
    expect(progress[0]).toBe(`  ... 30 of 367 days processed (through ${addDays(T, -337)})`);

    const kalona = (await mail('update-due-reminder')).find((m) => m.to === RUTH);
    expect(kalona).toMatchObject({ subject: `Annual MMP update due in 60 days (${'January 29, 2027'}): Kalona Dairy` });
    const due = kalona;
    expect(due!.text).toContain('Estimated annual compliance fee: $192.00'); // 700 × 1.4 + 300 × 1.0 = 1,280 AU × $0.15
    const [newOwner] = await mail('new-owner-due');
    expect(newOwner).toMatchObject({ to: prairie.email });
    expect(newOwner!.text).toContain('You acquired Le Mars Finisher on October 31, 2026');
    expect(newOwner!.text).toContain('by December 30, 2026');
    expect(newOwner!.text).toContain('Van Zee Pork Inc.');
    // The four reminders are held with the rest: no mail server is set.
    expect(first.delivery.held).toBe(setupMail + 4);

    const before = await outboxCount();
    const second = await run(T);
    expect(second.reminders).toEqual({ update_due_60: 0, update_due_30: 0, update_due_7: 0, update_overdue: 0, new_owner_due: 0 });
    expect(await outboxCount()).toBe(before);
    const runs = await db().select().from(auditEvents).where(eq(auditEvents.action, 'job.daily_run'));
    expect(runs).toHaveLength(2);
  });

  it('after two weeks down, processes every missed day once, and reminds 30 days out', async () => {
    // Last run T; next run T+15 covers T+1..T+15, which holds Rock Valley's 30-day day (T+15).
    const r = await run(addDays(T, 15));
    expect(r.coveredFrom).toBe(addDays(T, 1));
    expect(r.daysCovered).toBe(15);
    expect(r.reminders).toEqual({ update_due_60: 0, update_due_30: 1, update_due_7: 0, update_overdue: 0, new_owner_due: 0 });
    expect(describeDailyRun(r)).toContain(`  ${addDays(T, 15)}: queued 1 update reminder at 30 days\n  the other 14 days: nothing to queue`);
    const reminders = (await mail('update-due-reminder')).filter((m) => m.to === HANSEN && m.eventKey.includes('update_due_30'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('Annual MMP update due in 30 days');
    expect(reminders[0]!.subject).toContain('Rock Valley Finisher Site');
  });

  it('respects an owner who turned update reminders off, but still sends the overdue notice', async () => {
    await db().insert(notificationPreferences).values({ userId: hansen.id, updateReminders: false });
    const rockValleyDue = addDays(T, 45);
    const sevenDaysOut = addDays(rockValleyDue, -7);
    expect((await run(sevenDaysOut)).reminders.update_due_7).toBe(0);
    const overdueDay = addDays(effectiveDeadline(rockValleyDue), 1);
    expect((await run(overdueDay)).reminders.update_overdue).toBe(1);
    const [notice] = (await mail('update-overdue')).filter((m) => m.to === HANSEN);
    expect(notice!.subject).toBe(`Overdue: annual MMP update for Rock Valley Finisher Site was due January 14, 2027`);
    const id = await operationId('Rock Valley Finisher Site');
    const sent = await db().select().from(remindersSent).where(eq(remindersSent.operationId, id));
    expect(sent.map((s) => s.kind).sort()).toEqual(['update_due_30', 'update_due_60', 'update_overdue']);
  });

  it('sends nothing to an owner whose update is already with the department, or to an elected SAFO', async () => {
    for (const [name, dueIn] of [['Stanhope Layer Complex', 200], ['Sutherland Nursery (SAFO)', 150]] as const) {
      await run(addDays(T, dueIn - 60));
      const id = await operationId(name);
      expect(await db().select().from(remindersSent).where(eq(remindersSent.operationId, id))).toEqual([]);
    }
  });

  it('ends a SAFO election once more than 500 animal units were housed, on the day they were, once, with an audit event', async () => {
    const id = await operationId('Sutherland Nursery (SAFO)');
    // Housed on day 40, recorded and noticed by the daily job on day 100: the election ended on day 40.
    const excess = addDays(T, 40);
    await db().update(operations).set({ peakAnimalUnitsHoused: 520, peakHousedOn: excess }).where(eq(operations.id, id));
    const day = addDays(T, 100);
    expect((await run(day)).safoElectionsEnded).toBe(1);
    const [op] = await db().select().from(operations).where(eq(operations.id, id));
    expect(op!.safoEndedOn).toBe(excess);
    expect(op!.safoEndReason).toContain('520 animal units were housed at one time, more than 500');
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'operation.safo_election_ended'), eq(auditEvents.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ safoEndedOn: excess });
    expect((await run(day)).safoElectionsEnded).toBe(0);
  });

  it('queues each reminder once when two runs race on the same day', async () => {
    const kalonaSevenDays = addDays(T, 53);
    const [a, b] = await Promise.all([run(kalonaSevenDays), run(kalonaSevenDays)]);
    expect(a.reminders.update_due_7 + b.reminders.update_due_7).toBe(1);
    const kalona = (await mail('update-due-reminder')).filter((m) => m.eventKey.includes('update_due_7'));
    expect(kalona.map((m) => m.to)).toEqual([RUTH]);
  });
});
