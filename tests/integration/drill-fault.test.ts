import { Client } from 'pg';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { planSubmissions, plans } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { checkFault, submitThroughFault } from '@/scripts/scale/drills/fault';
import { prepareCompleteDrafts, sleep, submissionCounts, useScratchAttachmentStorage, type DraftPlan } from '@/scripts/scale/drills/fixtures';
import { databaseUrlFor } from './support/pg-admin';
import { useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };

// The cluster is shared with the other test files, so instead of restarting it this drill kills
// every connection of its own database, repeatedly, while submissions are in flight.
describe.skipIf(!process.env.DATABASE_URL)('fault drill (small): connections killed while plans are being submitted, on PostgreSQL', () => {
  const t = useTestDb();
  let drafts: DraftPlan[];

  beforeAll(async () => {
    useScratchAttachmentStorage();
    await seedDatabase(t.get().db, { demo: true, today: TODAY });
    drafts = await prepareCompleteDrafts(10, TODAY, 'Fault');
  });

  it('acknowledged submissions survive, failures are RETRYABLE, the same pool recovers, retries file each plan once', async () => {
    const [current] = await queryRows<{ name: string }>(t.get().db, sql`select current_database() as name`);
    const admin = new Client({ connectionString: databaseUrlFor(process.env.DATABASE_URL!, current!.name) });
    await admin.connect();
    const killed = new Set<number>();
    let kills = 0;
    try {
      const result = await submitThroughFault({
        drafts,
        ctx,
        staggerMs: 2,
        faultAfterOk: 1,
        fault: async (firstRoundDone) => {
          let done = false;
          void firstRoundDone.finally(() => (done = true));
          while (!done) {
            const { rows } = await admin.query<{ pid: number }>(
              'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
            );
            for (const r of rows) killed.add(r.pid);
            kills++;
            await sleep(5);
          }
        },
      });
      const checked = await checkFault(result);
      const first = result.clients.map((c) => c.answers[0]!.answer);

      // The kills hit requests in flight, and each of those was told to try again.
      expect(killed.size).toBeGreaterThan(0);
      expect(first.filter((a) => !a.ok).length).toBeGreaterThan(0);
      expect(checked.failures.map((f) => f.code)).toEqual(checked.failures.map(() => 'RETRYABLE'));
      expect(checked.failures[0]!.message).toMatch(/could not reach the database/);
      expect(result.escaped).toEqual([]);

      // What was acknowledged before the first kill is on record.
      expect(checked.acknowledgedBefore.length).toBeGreaterThan(0);
      const before = await t.get().db.select({ key: planSubmissions.idempotencyKey }).from(planSubmissions).where(inArray(planSubmissions.idempotencyKey, checked.acknowledgedBefore.map((c) => c.key)));
      expect(before).toHaveLength(checked.acknowledgedBefore.length);

      // The pool answered again by itself, from a new connection.
      expect(result.probe.sameDb).toBe(true);
      expect(killed.has(result.probe.backendPid)).toBe(false);
      expect(result.probe.unclassified).toEqual([]);

      // After retrying with the same keys, all ten are submitted exactly once.
      expect(result.clients.map((c) => c.answers.at(-1)!.answer.ok)).toEqual(drafts.map(() => true));
      const planIds = drafts.map((d) => d.planId);
      const statuses = await t.get().db.select({ status: plans.status }).from(plans).where(inArray(plans.id, planIds));
      expect(statuses.map((s) => s.status)).toEqual(planIds.map(() => 'submitted'));
      const ownerOf = new Map(drafts.map((d) => [d.planId, d.owner.email]));
      const counts = await submissionCounts(planIds, (id) => ownerOf.get(id)!);
      const keyOf = new Map(result.clients.map((c) => [c.plan.planId, c.key]));
      for (const c of counts) {
        expect(c).toMatchObject({ status: 'submitted', submissions: 1, keys: [keyOf.get(c.planId)], filingFees: 1, feeLines: 1, receiptEventKeys: 1, receiptsToOwner: 1, submittedAudits: 1, clockReceived: 1 });
      }
      expect(checked.problems).toEqual([]);
    } finally {
      await admin.end();
    }
    expect(kills).toBeGreaterThan(0);
  });
});
