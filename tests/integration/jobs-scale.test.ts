import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { runDailyJob } from '@/lib/jobs/daily';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

// The daily job over many operations at once: every operation due on a trigger day gets its one
// reminder (several multi-row outbox inserts), the others none, and a second run adds nothing.
// The 100,000-operation benchmark is run by hand (scripts/scale); this keeps the volume paths tested.
// Delivery by two workers at once is tested in outbox.test.ts, and through SMTP in smtp.test.ts.
const T = '2027-03-02'; // a Tuesday
const DUE_IN_60 = 450;
const DUE_IN_7 = 250;
const NOT_DUE = 300;

describe(`the daily job over ${DUE_IN_60 + DUE_IN_7 + NOT_DUE} operations on ${databaseLabel}`, () => {
  const t = useTestDb();

  beforeAll(async () => {
    const { db } = t.get();
    const total = DUE_IN_60 + DUE_IN_7 + NOT_DUE;
    await db.execute(sql`with o as (
        insert into operations (name, facility_id, kind, county_fips)
        select 'Bulk Site ' || g, 'B' || g, 'confinement', '19167' from generate_series(1, ${total}) g
        returning id, substring(facility_id from 2)::int as g),
      p as (insert into parties (kind, name, email)
        select 'organization', 'Bulk Owner ' || g, 'bulk-' || g || '@example.com' from o returning id, substring(name from 12)::int as g),
      w as (insert into ownerships (operation_id, owner_id, acquired_on)
        select o.id, p.id, '2010-01-01' from o join p on p.g = o.g returning operation_id),
      i as (insert into animal_inventory (operation_id, category, head_at_capacity)
        select o.id, 'swine_over_55_lb', 2480 from o returning operation_id)
      insert into due_date_assignments (operation_id, due_on, policy)
      select o.id, case when o.g <= ${DUE_IN_60} then ${addDays(T, 60)}::date
                        when o.g <= ${DUE_IN_60 + DUE_IN_7} then ${addDays(T, 7)}::date
                        else ${addDays(T, 100)}::date end, 'even_by_month'
      from o`);
  });

  it('queues one reminder per operation due on a trigger day, and nothing on a second run', async () => {
    const first = await runDailyJob({ today: T, origin: 'https://mmp.test', transport: null });
    expect(first.reminders).toMatchObject({ update_due_60: DUE_IN_60, update_due_7: DUE_IN_7, update_due_30: 0, update_overdue: 0 });
    expect(first.delivery.held).toBe(DUE_IN_60 + DUE_IN_7);
    const [counts] = await queryRows<{ emails: number; addresses: number; claimed: number }>(
      t.get().db,
      sql`select (select count(*)::int from email_outbox where template = 'update-due-reminder') as emails,
        (select count(distinct to_address)::int from email_outbox) as addresses,
        (select count(*)::int from reminders_sent) as claimed`,
    );
    expect(counts).toEqual({ emails: DUE_IN_60 + DUE_IN_7, addresses: DUE_IN_60 + DUE_IN_7, claimed: DUE_IN_60 + DUE_IN_7 });

    const second = await runDailyJob({ today: T, origin: 'https://mmp.test', transport: null });
    expect(Object.values(second.reminders).every((n) => n === 0)).toBe(true);
    const [after] = await queryRows<{ n: number }>(t.get().db, sql`select count(*)::int as n from email_outbox`);
    expect(after!.n).toBe(DUE_IN_60 + DUE_IN_7);
  });
});
