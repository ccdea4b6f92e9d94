import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
import { createOperation, createOwner, createReviewer, createUser, planUnderReview, setUpdateDueDate, submitOriginalPlan, transferOwnership } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = '2026-11-30';
const ORIGIN = 'https://mmp.test';

describe(`calendar feeds on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let hansen: Actor, vanzee: Actor, prairie: Actor, sioux: Actor, hamilton: Actor, reviewer: Actor;
  let reviewed: { operationName: string; decisionDueOn: string };
  const dates = async (who: Actor) => (await listCalendarEvents(who, T, ORIGIN)).map((e) => `${e.date} ${e.summary}`);

  // Made here: three owners' operations with their due dates, two county officials, and a plan
  // received 55 days ago that a reviewer found complete.
  beforeAll(async () => {
    hansen = await createOwner({ name: 'Karen Hansen' });
    vanzee = await createOwner({ name: 'Pieter Van Zee' });
    prairie = await createOwner({ name: 'Luis Ortega' });
    sioux = await createUser('county_official', { countyFips: '19167', name: 'Sioux County Auditor' });
    hamilton = await createUser('county_official', { countyFips: '19079', name: 'Hamilton County Auditor' });
    reviewer = await createReviewer();
    const due = async (owner: Actor, name: string, countyFips: string, dueOn: string | null, safoElect = false) => {
      const op = await createOperation(owner, { name, countyFips, today: T, safoElect });
      if (dueOn) await setUpdateDueDate(op.operationId, dueOn);
      return op.operationId;
    };
    // Rock Valley is in Lyon County; its plan's fields are in Sioux County, so it touches Sioux.
    const rockValley = await due(hansen, 'Rock Valley Finisher Site', '19119', addDays(T, 45));
    await submitOriginalPlan(hansen, rockValley, { today: addDays(T, -200) });
    await due(hansen, 'Iowa Falls Finisher', '19079', addDays(T, 120));
    await due(hansen, 'Sutherland Nursery (SAFO)', '19141', addDays(T, 50), true);
    await due(vanzee, 'Doon Sow Unit', '19167', addDays(T, -20));
    await due(vanzee, 'Hull Contract Finisher', '19167', addDays(T, 300));
    await due(prairie, 'Stanhope Layer Complex', '19079', addDays(T, 200));
    // Le Mars changed hands 30 days ago: the new owner owes an original plan.
    const leMars = await due(vanzee, 'Le Mars Finisher', '19149', null);
    await transferOwnership(leMars, prairie, addDays(T, -30));
    reviewed = await planUnderReview(reviewer, { today: addDays(T, -55), countyFips: '19083', name: 'Kalona Contract Finisher' });
  });

  it('gives an owner their update due dates, but none for an elected SAFO', async () => {
    expect(await dates(hansen)).toEqual([
      `${addDays(T, 45)} Annual MMP update due: Rock Valley Finisher Site`,
      `${addDays(T, 120)} Annual MMP update due: Iowa Falls Finisher`,
    ]);
  });

  it('gives a new owner the deadline of their original plan (IAC 567-65.110(1)"d")', async () => {
    const events = await listCalendarEvents(prairie, T, ORIGIN);
    const leMars = events.find((e) => e.summary === 'Original MMP due (new owner): Le Mars Finisher')!;
    expect(leMars.date).toBe(addDays(T, 30));
    expect(leMars.url).toMatch(/^https:\/\/mmp\.test\/operations\/[0-9a-f-]{36}$/);
    expect(events.map((e) => e.summary)).toContain('Annual MMP update due: Stanhope Layer Complex');
  });

  it('gives a county the next six months of due dates of the operations that touch it, and no other county’s', async () => {
    // Hull Contract Finisher (Sioux) is due at T+300 and Stanhope (Hamilton) at T+200, beyond a
    // county feed's six months.
    expect(await dates(sioux)).toEqual([
      `${addDays(T, -20)} Annual MMP update due: Doon Sow Unit`,
      `${addDays(T, 45)} Annual MMP update due: Rock Valley Finisher Site`,
    ]);
    expect(await dates(hamilton)).toEqual([
      `${addDays(T, 120)} Annual MMP update due: Iowa Falls Finisher`,
    ]);
  });

  it('gives a reviewer day 60 of the reviews assigned to them, and says the general rule of Iowa Code 4.1(34) does not move a Saturday', async () => {
    const day60 = reviewDeadline(addDays(T, -55));
    expect(day60).toBe('2026-12-05'); // a Saturday
    expect(reviewed.decisionDueOn).toBe(day60);
    expect(await dates(reviewer)).toEqual([`${day60} Decision due: ${reviewed.operationName} (Original manure management plan)`]);
    const [event] = await listCalendarEvents(reviewer, T, ORIGIN);
    expect(event!.description).toContain('Iowa Code 4.1(34) does not move it');
    expect(event!.description).not.toContain('runs to');
    expect(event!.description).toContain(DATE_CONVENTION);
  });

  it('serves a feed that an independent parser (ical.js) reads: CRLF, free time, host-free UIDs, one date convention', async () => {
    const owner = prairie;
    const county = sioux;
    const fetchFeed = async (who: Actor, host: string) => {
      const { token } = await createCalendarFeed(who);
      const res = await getFeed(new Request(`http://${host}/api/calendar/${token}.ics`, { headers: { host } }), { params: Promise.resolve({ token: `${token}.ics` }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      return res.text();
    };
    // The feed answers for the portal's date: the day these records were made for. (setToday's own override; this suite
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
    const { token } = await createCalendarFeed(vanzee);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, vanzee.id));
    expect(await findCalendarFeedActor(token)).toBeNull();
  });
});
