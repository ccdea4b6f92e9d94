// The two-instances drill in small: two "instances" (two connection pools, as two server processes
// have) run the daily job on one PostgreSQL database at the same moment, each delivering through
// its own mail transport. Every reminder is claimed once, queued once and sent once. PostgreSQL
// only: the embedded database has one connection, so two runs on it cannot overlap.
// `npm run drill -- --only two-instances` does the same with two production servers.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb, queryRows, type DbHandle } from '@/db/client';
import { seedDatabase } from '@/lib/demo';
import { IOWA_COUNTIES } from '@/db/seed/counties';
import { runDailyJob, type DailyJobResult } from '@/lib/jobs/daily';
import { addDays } from '@/lib/rules';
import { seedChunk } from '@/scripts/scale/seed-chunk';
import { adminUrl, databaseUrlFor } from './support/pg-admin';

const T = '2026-11-30';
const ORIGIN = 'https://mmp.test';
const OPERATIONS = 300;

describe.skipIf(!process.env.DATABASE_URL)('the daily job on two instances at once, on PostgreSQL', () => {
  const url = process.env.DATABASE_URL ?? '';
  const name = `mmp_t_two_${randomBytes(4).toString('hex')}`;
  let a: DbHandle;
  let b: DbHandle;

  beforeAll(async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('dbTemplate').name}`);
    await admin.end();
    a = await openDb({ mode: 'postgres', url: databaseUrlFor(url, name), poolMax: 4 });
    b = await openDb({ mode: 'postgres', url: databaseUrlFor(url, name), poolMax: 4 });
    await seedDatabase(a.db, { demo: true, today: T });
    // Many operations, each due 60, 30 or 7 days from T: reminders for all of them today.
    await a.db.transaction(async (tx) => seedChunk(tx, { from: 1, to: OPERATIONS, counties: IOWA_COUNTIES.map((c) => c.fips), today: T }));
    const leads = [60, 30, 7].map((d) => addDays(T, d));
    await a.db.execute(sql`insert into due_date_assignments (operation_id, due_on, policy, reason)
      select id, (${`{${leads.join(',')}}`}::date[])[1 + (row_number() over (order by id))::int % 3], 'individual_override', 'Two-instances test'
      from operations where facility_id like 'S%'`);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('claims, queues and sends each reminder exactly once', async () => {
    const sent: { event: string; to: string }[] = [];
    const transport = (instance: string) => ({
      sendMail: async (mail: SendMailOptions) => {
        await new Promise((r) => setTimeout(r, 1)); // a real server takes a moment: the runs interleave
        sent.push({ event: String((mail.headers as Record<string, string>)['X-MMP-Event']), to: `${String(mail.to)}|${instance}` });
      },
    });
    const results: DailyJobResult[] = await Promise.all([
      runDailyJob({ db: a.db, today: T, origin: ORIGIN, transport: transport('A') }),
      runDailyJob({ db: b.db, today: T, origin: ORIGIN, transport: transport('B') }),
      runDailyJob({ db: a.db, today: T, origin: ORIGIN, transport: transport('A') }),
      runDailyJob({ db: b.db, today: T, origin: ORIGIN, transport: transport('B') }),
    ]);

    const [claims] = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from reminders_sent`);
    const queued = results.reduce((n, r) => n + Object.values(r.reminders).reduce((x, v) => x + v, 0), 0);
    expect(claims!.n).toBeGreaterThan(OPERATIONS / 2);
    expect(queued).toBe(claims!.n); // no reminder counted by two runs

    const [outbox] = await queryRows<{ events: number; rows: number; sent: number }>(
      a.db,
      sql`select count(distinct event_key)::int as events, count(*)::int as rows, count(*) filter (where status = 'sent')::int as sent
        from email_outbox where event_key like 'reminder:%'`,
    );
    expect(outbox).toEqual({ events: claims!.n, rows: claims!.n, sent: claims!.n });

    // Sent once in all, by one instance or the other.
    const reminders = sent.filter((s) => s.event.startsWith('reminder:'));
    const perMessage = new Map<string, number>();
    for (const s of reminders) perMessage.set(`${s.event}|${s.to.split('|')[0]}`, (perMessage.get(`${s.event}|${s.to.split('|')[0]}`) ?? 0) + 1);
    expect(reminders.length).toBe(claims!.n);
    expect([...perMessage.values()].every((n) => n === 1)).toBe(true);
    expect(results.reduce((n, r) => n + r.delivery.sent, 0)).toBe(sent.length);
  }, 120_000);
});
