import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { planDeadline } from '@/lib/reviews/deadlines';
import { listWorklistPage } from '@/lib/reviews/worklist';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

// "The worklist serves 10,000 seeded plans with server-side paging without loading them all."
const TODAY = '2027-03-01';
const N = 10_000;

describe(`the worklist over ${N.toLocaleString('en-US')} plans on ${databaseLabel}`, () => {
  const t = useTestDb();
  let actor: Actor;

  beforeAll(async () => {
    const { db } = t.get();
    const [u] = await db.insert(users).values({ email: 'scale.reviewer@example.com', name: 'Scale Reviewer', role: 'department_staff' }).returning();
    actor = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: null, partyId: null };
    // One operation per plan across the 99 counties; receipts spread over the last 90 days; one
    // plan in ten returned to its owner, a third of the rest still awaiting completeness.
    await db.execute(sql`
      insert into operations (name, kind, county_fips)
      select 'Scale operation ' || lpad(g::text, 5, '0'), 'confinement', c.fips
      from generate_series(1, ${N}) g
      join (select fips, row_number() over (order by fips) - 1 as i from counties) c on c.i = g % 99`);
    await db.execute(sql`
      insert into plans (operation_id, kind, status, channel, received_on, submitted_on)
      select o.id, 'original',
        (case when o.n % 10 = 0 then 'incomplete' when o.n % 3 = 0 then 'submitted' else 'under_review' end)::plan_status,
        'electronic', ${TODAY}::date - (o.n % 90)::int, ${TODAY}::date - (o.n % 90)::int
      from (select id, row_number() over (order by name) as n from operations where name like 'Scale operation %') o`);
  });

  it('serves one page of 50, in deadline order, with counts that match a direct count', async () => {
    const page = await listWorklistPage(actor, { page: 1 }, TODAY);
    expect(page.rows).toHaveLength(50);
    expect(page.total).toBe(N);
    expect(page.pageCount).toBe(200);

    // Expected counts, from the receipt dates grouped in the database and each date's deadline.
    const byDate = await queryRows<{ received_on: string; status: string; n: number }>(
      t.get().db,
      sql`select received_on::text, status::text, count(*)::int as n from plans group by 1, 2`,
    );
    const expected = { overdue: 0, due_soon: 0, later: 0, awaiting_completeness: 0, under_review: 0, waiting_on_owner: 0 };
    for (const r of byDate) {
      if (r.status === 'incomplete') {
        expected.waiting_on_owner += r.n;
        continue;
      }
      expected[r.status === 'submitted' ? 'awaiting_completeness' : 'under_review'] += r.n;
      const left = planDeadline(r.received_on, TODAY).daysLeft;
      expected[left < 0 ? 'overdue' : left <= 7 ? 'due_soon' : 'later'] += r.n;
    }
    expect(page.counts).toEqual({ all: N, ...expected });
    expect(expected.overdue).toBeGreaterThan(0);
    expect(expected.due_soon).toBeGreaterThan(0);

    // Most urgent first: days left never decreases down the page; returned plans come last.
    const days = page.rows.map((r) => r.daysLeft!);
    expect(days.every((d, i) => i === 0 || d >= days[i - 1]!)).toBe(true);
    expect(page.rows[0]!.receivedOn).toBe(addDays(TODAY, -89));
  });

  it('pages deep and filters by bucket and county without reading everything', async () => {
    const last = await listWorklistPage(actor, { page: 200 }, TODAY);
    expect(last.rows).toHaveLength(50);
    expect(last.rows.every((r) => r.status === 'incomplete')).toBe(true);
    const overdue = await listWorklistPage(actor, { page: 1, bucket: 'overdue' }, TODAY);
    expect(overdue.total).toBe(overdue.counts.overdue);
    expect(overdue.rows.every((r) => r.daysLeft! < 0)).toBe(true);
    const sioux = await listWorklistPage(actor, { page: 1, county: '19167' }, TODAY);
    expect(sioux.rows.every((r) => r.countyName === 'Sioux')).toBe(true);
    expect(sioux.counts.all).toBeGreaterThan(90);
    expect(sioux.counts.all).toBeLessThan(110);
    const beyond = await listWorklistPage(actor, { page: 9999 }, TODAY);
    expect(beyond.page).toBe(200);
  });
});
