import { beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { countyDigestItems, emailOutbox, notificationPreferences } from '@/db/schema';
import { notifyCountiesOfPlan } from '@/lib/counties/notify';
import { runDailyJob } from '@/lib/jobs/daily';
import { addDays } from '@/lib/rules';
import { completeDraft, createOperation, createOwner, createUser, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = '2026-11-30'; // a Monday
const ORIGIN = 'https://mmp.test';

describe(`county digests on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const digests = () =>
    db().select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.template, 'county-digest')).orderBy(emailOutbox.createdAt);
  const official = async (countyFips: string, countyDigest: 'daily' | 'weekly') => {
    const user = await createUser('county_official', { countyFips });
    await db().insert(notificationPreferences).values({ userId: user.id, countyDigest });
    return user;
  };
  let sioux = '';
  let hamilton = '';
  let hullFacility = '';

  beforeAll(async () => {
    // Made here: two plans filed before the counties had officials (so nothing was sent then), then
    // Sioux's official on a daily digest and Hamilton's on a weekly one.
    const vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    const prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    const hullOp = await createOperation(vanzee, { name: 'Hull Contract Finisher', countyFips: '19167', today: T });
    hullFacility = hullOp.facilityId;
    const { planId: hull } = await submitOriginalPlan(vanzee, hullOp.operationId, { today: T, draft: completeDraft(['19167', '19141']) }); // Sioux and O'Brien
    const stanhopeOp = await createOperation(prairie, { name: 'Stanhope Layer Complex', countyFips: '19079', today: T });
    const { planId: stanhope } = await submitOriginalPlan(prairie, stanhopeOp.operationId, { today: T, draft: completeDraft(['19079', '19083']) }); // Hamilton and Hardin
    sioux = (await official('19167', 'daily')).email;
    hamilton = (await official('19079', 'weekly')).email;
    await db().transaction(async (tx) => {
      expect(await notifyCountiesOfPlan(tx, { planId: hull, event: 'submitted', origin: ORIGIN })).toEqual({ emailed: 0, digested: 1 });
      expect(await notifyCountiesOfPlan(tx, { planId: stanhope, event: 'submitted', origin: ORIGIN })).toEqual({ emailed: 0, digested: 1 });
    });
  });

  it('sends a daily digest the next day as one email, and marks its items digested', async () => {
    const r = await runDailyJob({ today: addDays(T, 1), origin: ORIGIN, transport: null });
    expect(r.digests).toEqual({ digests: 1, items: 1 });
    const [digest] = await digests();
    expect(digest!.to).toBe(sioux);
    expect(digest!.subject).toBe('Sioux County: 1 plan in your daily digest (December 1, 2026)');
    const text = digest!.text.replace(/\s+/g, ' ');
    expect(text).toContain(`Hull Contract Finisher (facility ${hullFacility}, Van Zee Pork Inc.), which is located in Sioux County and applies manure to land in Sioux County`);
    expect(text).toContain(`${ORIGIN}/plans/`);
    expect((await runDailyJob({ today: addDays(T, 1), origin: ORIGIN, transport: null })).digests).toEqual({ digests: 0, items: 0 });
  });

  it('holds a weekly digest until Monday', async () => {
    expect((await runDailyJob({ today: addDays(T, 3), origin: ORIGIN, transport: null })).digests.digests).toBe(0);
    const waiting = await db().select().from(countyDigestItems).where(isNull(countyDigestItems.digestedAt));
    expect(waiting).toHaveLength(1);
    expect((await runDailyJob({ today: addDays(T, 7), origin: ORIGIN, transport: null })).digests).toEqual({ digests: 1, items: 1 });
    const weekly = (await digests()).at(-1)!;
    expect(weekly.to).toBe(hamilton);
    expect(weekly.subject).toBe('Hamilton County: 1 plan in your weekly digest (December 7, 2026)');
    expect(weekly.text).toContain('Stanhope Layer Complex');
    expect(await db().select().from(countyDigestItems).where(isNull(countyDigestItems.digestedAt))).toEqual([]);
  });
});
