// `npm run seed:scale -- --operations 100000`: a realistic large data set in PostgreSQL, written
// set-based (INSERT ... SELECT over generate_series) in chunks, with a progress bar. Operations are
// spread over counties weighted like Iowa's livestock counties; each has ~10 plans over the years
// (an original and annual updates), clock events, fees, payments, a due date and audit events.
import '@/emails/register';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'drizzle-orm';
import { migrateDb, openDb, type Db } from '@/db/client';
import { postgresOptions } from '@/lib/db';
import { seedDatabase } from '@/lib/demo';
import { IOWA_COUNTIES } from '@/db/seed/counties';
import { today } from '@/lib/clock';
import { COUNTY_WEIGHTS } from './county-weights';
import { seedChunk } from './seed-chunk';

function argNumber(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
}

export function weightedCounties(): string[] {
  return IOWA_COUNTIES.flatMap((c) => Array<string>(COUNTY_WEIGHTS[c.fips] ?? 1).fill(c.fips));
}

export async function seedScale(db: Db, operations: number, chunk: number, onProgress?: (done: number) => void): Promise<void> {
  const counties = weightedCounties();
  const [{ start } = { start: 0 }] = (
    (await db.execute(sql`select coalesce(max(substring(facility_id from 2)::int), 0) as start from operations where facility_id like 'S%'`)) as unknown as {
      rows: { start: number }[];
    }
  ).rows;
  for (let done = 0; done < operations; done += chunk) {
    const size = Math.min(chunk, operations - done);
    await db.transaction(async (tx) => seedChunk(tx, { from: Number(start) + done + 1, to: Number(start) + done + size, counties, today: today() }));
    onProgress?.(done + size);
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The scale data set goes into PostgreSQL: set DATABASE_URL (the embedded database is for the demo).');
  const operations = argNumber('operations', 100_000);
  const chunk = argNumber('chunk', 5_000);
  const handle = await openDb(postgresOptions(url, 2));
  const t0 = Date.now();
  try {
    await migrateDb(handle);
    await seedDatabase(handle.db, { demo: true, today: today() });
    const bar = new SingleBar({ format: 'operations {bar} {value}/{total} ({percentage}%) eta {eta_formatted}' }, Presets.shades_classic);
    bar.start(operations, 0);
    await seedScale(handle.db, operations, chunk, (done) => bar.update(done));
    bar.stop();
    // A live database is vacuumed by autovacuum; without it, a freshly loaded one has no visibility
    // map, so counts that an index alone answers (the review queue's buckets) read the heap instead.
    await handle.db.execute(sql`vacuum analyze`);
    const counts = (await handle.db.execute(sql`select
      (select count(*) from operations)::int as operations, (select count(*) from plans)::int as plans,
      (select count(*) from fee_lines)::int as fees, (select count(*) from audit_events)::int as audit_events`)) as unknown as { rows: Record<string, number>[] };
    console.log(`Seeded in ${Math.round((Date.now() - t0) / 1000)} s:`, counts.rows[0]);
  } finally {
    await handle.close();
  }
}

if (process.argv[1]?.endsWith('seed-scale.ts')) {
  main().catch((err) => {
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
    console.error('Scale seed failed:', err instanceof Error ? err.message.split('\n')[0] + cause : err);
    process.exit(1);
  });
}
