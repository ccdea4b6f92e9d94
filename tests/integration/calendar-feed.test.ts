import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedDatabase } from '@/db/seed';
import { calendarFeeds, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listCalendarEvents } from '@/lib/calendar/events';
import { createCalendarFeed, findCalendarFeedActor, getCalendarFeedStatus, revokeCalendarFeeds } from '@/lib/calendar/feeds';
import { addDays, effectiveDeadline, reviewDeadline } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

const T = '2026-11-30';
const ORIGIN = 'https://mmp.test';

describe(`calendar feeds on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const actor = async (email: string): Promise<Actor> => {
    const [u] = await db().select().from(users).where(eq(users.email, email));
    return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  };
  const dates = async (email: string) => (await listCalendarEvents(await actor(email), T, ORIGIN)).map((e) => `${e.date} ${e.summary}`);

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: T });
  });

  it('gives an owner their update due dates, but none for an elected SAFO', async () => {
    expect(await dates('owner.hansen@example.com')).toEqual([
      `${addDays(T, 45)} Annual MMP update due: Rock Valley Finisher Site`,
      `${addDays(T, 120)} Annual MMP update due: Iowa Falls Finisher`,
    ]);
  });

  it('gives a new owner the deadline of their original plan (IAC 567-65.110(1)"d")', async () => {
    const events = await listCalendarEvents(await actor('owner.prairie@example.com'), T, ORIGIN);
    const leMars = events.find((e) => e.summary === 'Original MMP due (new owner): Le Mars Finisher')!;
    expect(leMars.date).toBe(addDays(T, 30));
    expect(leMars.url).toMatch(/^https:\/\/mmp\.test\/operations\/[0-9a-f-]{36}$/);
    expect(events.map((e) => e.summary)).toContain('Annual MMP update due: Stanhope Layer Complex');
  });

  it('gives a county the next six months of due dates of the operations that touch it, and no other county’s', async () => {
    // Hull Contract Finisher (Sioux) is due at T+300, beyond a county feed's six months.
    expect(await dates('auditor.sioux@example.com')).toEqual([
      `${addDays(T, -20)} Annual MMP update due: Doon Sow Unit`,
      `${addDays(T, 45)} Annual MMP update due: Rock Valley Finisher Site`,
    ]);
    expect(await dates('auditor.hamilton@example.com')).toEqual([
      `${addDays(T, 120)} Annual MMP update due: Iowa Falls Finisher`,
    ]);
  });

  it('gives a reviewer the effective deadlines of the reviews assigned to them', async () => {
    const hull = effectiveDeadline(reviewDeadline(addDays(T, -55)));
    expect(await dates('reviewer@example.com')).toEqual([`${hull} Decision due: Hull Contract Finisher (Annual update — complete plan)`]);
  });

  it('answers only the current address: a new one revokes the old, and revoking stops it', async () => {
    const hansen = await actor('owner.hansen@example.com');
    expect(await getCalendarFeedStatus(hansen.id)).toEqual({ active: false, createdAt: null });
    const { token: first } = await createCalendarFeed(hansen);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findCalendarFeedActor(first)).toMatchObject({ id: hansen.id, role: 'owner' });
    // Only a hash is stored.
    const stored = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, hansen.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(first);

    const { token: second } = await createCalendarFeed(hansen);
    expect(await findCalendarFeedActor(first)).toBeNull();
    expect(await findCalendarFeedActor(second)).toMatchObject({ id: hansen.id });
    expect((await getCalendarFeedStatus(hansen.id)).active).toBe(true);

    expect(await revokeCalendarFeeds(hansen)).toBe(1);
    expect(await findCalendarFeedActor(second)).toBeNull();
    expect((await getCalendarFeedStatus(hansen.id)).active).toBe(false);
    expect(await findCalendarFeedActor('not-a-token')).toBeNull();
  });

  it('stops the feed of a disabled account', async () => {
    const vanzee = await actor('owner.vanzee@example.com');
    const { token } = await createCalendarFeed(vanzee);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, vanzee.id));
    expect(await findCalendarFeedActor(token)).toBeNull();
  });
});
