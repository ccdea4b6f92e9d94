import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { DemoOutcome } from '@/db/messages';
import { users } from '@/db/schema';
import { seedReference } from '@/db/seed/reference';

export type SeedResult = { reference: true; demo: DemoOutcome };

/**
 * Counties and field offices always; the demo data set only into an empty portal (no users), so
 * running the seed twice never duplicates it.
 */
/**
 * `portfolio` adds the demo preparer's 40 clients (the consultant's portfolio); the app's own demo
 * loads them, tests that count the demo's operations do not.
 */
export async function seedDatabase(db: Executor, options: { demo: boolean; today: string; portfolio?: boolean }): Promise<SeedResult> {
  await seedReference(db);
  if (!options.demo) return { reference: true, demo: 'not-requested' };
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return { reference: true, demo: 'present' };
  // The demo's code (its filings make copies of record and mail) is loaded only when it is seeded:
  // a server that starts on a prepared database never holds it.
  const { seedDemo } = await import('./demo');
  await db.transaction(async (tx) => seedDemo(tx, options.today, { portfolio: options.portfolio }));
  return { reference: true, demo: 'loaded' };
}
