import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedDatabase } from '@/db/seed';
import { calendarFeeds, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listCalendarEvents } from '@/lib/calendar/events';
import { createCalendarFeed, findCalendarFeedActor, getCalendarFeedStatus, revokeCalendarFeeds } from '@/lib/calendar/feeds';
import { addDays, reviewDeadline } from '@/lib/rules';
import { DATE_CONVENTION } from '@/lib/calendar/events';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { GET as getFeed } from '@/app/api/calendar/[token]/route';
import ICAL from 'ical.js';
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

  it('gives a reviewer day 60 of the reviews assigned to them, and says the general rule of Iowa Code 4.1(34) does not move a Saturday', async () => {
    const day60 = reviewDeadline(addDays(T, -55));
    expect(day60).toBe('2026-12-05'); // a Saturday
    expect(await dates('reviewer@example.com')).toEqual([`${day60} Decision due: Hull Contract Finisher (Annual update — complete plan)`]);
    const [event] = await listCalendarEvents(await actor('reviewer@example.com'), T, ORIGIN);
    expect(event!.description).toContain('Iowa Code 4.1(34) does not move it');
    expect(event!.description).not.toContain('runs to');
    expect(event!.description).toContain(DATE_CONVENTION);
  });

  it('serves a feed that an independent parser (ical.js) reads: CRLF, free time, host-free UIDs, one date convention', async () => {
    const owner = await actor('owner.prairie@example.com');
    const reviewer = await actor('reviewer@example.com');
    const county = await actor('auditor.sioux@example.com');
    const fetchFeed = async (who: Actor, host: string) => {
      const { token } = await createCalendarFeed(who);
      const res = await getFeed(new Request(`http://${host}/api/calendar/${token}.ics`, { headers: { host } }), { params: Promise.resolve({ token: `${token}.ics` }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      return res.text();
    };
    // The feed answers for the portal's date: the demo's day. (setToday's own override; this suite
    // runs without MMP_TEST_CLOCK.)
    const clock = globalThis as { [k: symbol]: string | null | undefined };
    clock[Symbol.for('mmp.clock.override')] = T;
    try {
      await checkFeeds();
    } finally {
      clock[Symbol.for('mmp.clock.override')] = null;
    }
    async function checkFeeds() {
      for (const who of [owner, county, reviewer]) {
        const text = await fetchFeed(who, 'portal.internal:8443');
        expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
        expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
        const calendar = new ICAL.Component(ICAL.parse(text));
        const events = calendar.getAllSubcomponents('vevent');
        expect(events.length).toBeGreaterThan(0);
        const listed = await listCalendarEvents(who, today(), publicOrigin());
        for (const v of events) {
          const e = new ICAL.Event(v);
          expect(e.uid).toMatch(/^mmp-(update-due|new-owner|review)-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}$/);
          expect(e.uid).not.toContain('portal.internal');
          expect(v.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
          expect(e.startDate.isDate).toBe(true);
          expect(e.description).toContain(DATE_CONVENTION);
          // The event sits on the day as counted, the same date the portal lists.
          const source = listed.find((x) => `mmp-${x.uid}` === e.uid)!;
          expect(e.startDate.toString()).toBe(source.date);
          expect(e.uid.endsWith(source.date)).toBe(true);
        }
        // The same feed under another host name: the same UIDs, so no duplicates in a calendar app.
        const again = new ICAL.Component(ICAL.parse(await fetchFeed(who, 'mmp.iowa.gov')));
        expect(again.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid)).toEqual(events.map((v) => new ICAL.Event(v).uid));
      }
    }
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
