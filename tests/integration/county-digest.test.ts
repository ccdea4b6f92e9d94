import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { seedDatabase } from '@/db/seed';
import { countyDigestItems, emailOutbox, notificationPreferences, operations, plans, users } from '@/db/schema';
import { notifyCountiesOfPlan } from '@/lib/counties/notify';
import { runDailyJob } from '@/lib/jobs/daily';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

const T = '2026-11-30'; // a Monday
const ORIGIN = 'https://mmp.test';

describe(`county digests on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const digests = () =>
    db().select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.template, 'county-digest')).orderBy(emailOutbox.createdAt);
  const latestPlanOf = async (name: string) =>
    (await db().select({ id: plans.id }).from(plans).innerJoin(operations, eq(operations.id, plans.operationId)).where(and(eq(operations.name, name), eq(plans.kind, 'annual_update'))))[0]!.id;
  const prefer = async (email: string, countyDigest: 'daily' | 'weekly') => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db().insert(notificationPreferences).values({ userId: u!.id, countyDigest });
  };

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: T });
    await prefer('auditor.sioux@example.com', 'daily');
    await prefer('auditor.hamilton@example.com', 'weekly');
    const hull = await latestPlanOf('Hull Contract Finisher'); // Sioux and O'Brien
    const stanhope = await latestPlanOf('Stanhope Layer Complex'); // Hamilton and Hardin
    await db().transaction(async (tx) => {
      expect(await notifyCountiesOfPlan(tx, { planId: hull, event: 'submitted', origin: ORIGIN })).toEqual({ emailed: 0, digested: 1 });
      expect(await notifyCountiesOfPlan(tx, { planId: stanhope, event: 'submitted', origin: ORIGIN })).toEqual({ emailed: 0, digested: 1 });
    });
  });

  it('sends a daily digest the next day as one email, and marks its items digested', async () => {
    const r = await runDailyJob({ today: addDays(T, 1), origin: ORIGIN, transport: null });
    expect(r.digests).toEqual({ digests: 1, items: 1 });
    const [digest] = await digests();
    expect(digest!.to).toBe('auditor.sioux@example.com');
    expect(digest!.subject).toBe('Sioux County: 1 plan in your daily digest (December 1, 2026)');
    const text = digest!.text.replace(/\s+/g, ' ');
    expect(text).toContain('Hull Contract Finisher (facility 64502, Van Zee Pork Inc.), which is located in Sioux County and applies manure to land in Sioux County');
    expect(text).toContain(`${ORIGIN}/plans/`);
    expect((await runDailyJob({ today: addDays(T, 1), origin: ORIGIN, transport: null })).digests).toEqual({ digests: 0, items: 0 });
  });

  it('holds a weekly digest until Monday', async () => {
    expect((await runDailyJob({ today: addDays(T, 3), origin: ORIGIN, transport: null })).digests.digests).toBe(0);
    const waiting = await db().select().from(countyDigestItems).where(isNull(countyDigestItems.digestedAt));
    expect(waiting).toHaveLength(1);
    expect((await runDailyJob({ today: addDays(T, 7), origin: ORIGIN, transport: null })).digests).toEqual({ digests: 1, items: 1 });
    const weekly = (await digests()).at(-1)!;
    expect(weekly.to).toBe('auditor.hamilton@example.com');
    expect(weekly.subject).toBe('Hamilton County: 1 plan in your weekly digest (December 7, 2026)');
    expect(weekly.text).toContain('Stanhope Layer Complex');
    expect(await db().select().from(countyDigestItems).where(isNull(countyDigestItems.digestedAt))).toEqual([]);
  });
});
