import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import type { Actor } from '@/lib/auth/roles';
import { listAllCountyOperations, listCountyOperations } from '@/lib/counties/county-plans';
import { listReceivedSince } from '@/lib/counties/received';
import { listLedgerPage, listPayerBalances } from '@/lib/fees/ledger';
import { listOutbox } from '@/lib/notifications/queries';
import { listOperationSummaries } from '@/lib/operations/queries';
import { listMyTransferRequests, listPendingTransfers } from '@/lib/transfers/queries';
import { newOwnersPastDue, plansByMonth, safoTerminated, unpaidFees, updatesOverdue } from '@/lib/reviews/compliance';
import { countBucketByCounty, listWorklistPage } from '@/lib/reviews/worklist';
import { feeLedgerFilterSchema } from '@/lib/validation/fees';
import { worklistFilterSchema } from '@/lib/validation/review-worklist';
import { seedScale } from '../../scripts/scale/seed-scale';
import { databaseLabel, useTestDb } from './support/test-db';

// "No list query without an index": every query the list pages run, explained over a seeded data
// set with sequential scans priced out of the planner (enable_seqscan = off). A sequential scan that
// survives that is a table the query has no usable index for. Small reference tables are exempt.
const TODAY = '2026-11-30';
const OPERATIONS = 1_500;
const REFERENCE_TABLES = new Set(['counties', 'field_offices', 'parameter_values', '__drizzle_migrations']);

type Captured = { query: string; params: unknown[] };
const captured: Captured[] = [];
let capturing = false;
const logger = { logQuery: (query: string, params: unknown[]) => void (capturing && captured.push({ query, params })) };

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && !REFERENCE_TABLES.has(node['Relation Name'])) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

describe(`list queries use indexes over a seeded data set on ${databaseLabel}`, () => {
  const t = useTestDb({ logger });
  const actor: Record<string, Actor> = {};

  /** Runs EXPLAIN on one connection with sequential scans disabled, whichever database this is. */
  async function explain(c: Captured): Promise<PlanNode> {
    const client = (t.get().db as unknown as { $client: unknown }).$client as {
      query: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
      connect?: () => Promise<{ query: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>; release: () => void }>;
    };
    const conn = t.get().mode === 'postgres' && client.connect ? await client.connect() : null;
    const run = conn ?? client;
    try {
      await run.query('set enable_seqscan = off');
      const { rows } = await run.query(`explain (format json) ${c.query}`, c.params);
      const plan = rows[0]!['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      return parsed[0]!.Plan;
    } finally {
      await run.query('reset enable_seqscan');
      conn?.release();
    }
  }

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: TODAY });
    await seedScale(db, OPERATIONS, 500);
    await db.execute(sql`analyze`);
    for (const email of ['reviewer@example.com', 'supervisor@example.com', 'auditor.sioux@example.com', 'owner.hansen@example.com', 'admin@example.com']) {
      const [u] = await db.select().from(users).where(eq(users.email, email));
      actor[email.split('@')[0]!] = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
    }
  }, 180_000);

  it('explains every query of the worklist, county list, fees ledger, dashboards and sent mail without a sequential scan', async () => {
    const wl = (q: Record<string, string>) => worklistFilterSchema.parse(q);
    capturing = true;
    try {
      await listWorklistPage(actor.reviewer!, wl({}), TODAY);
      await listWorklistPage(actor.reviewer!, wl({ page: '5' }), TODAY);
      await listWorklistPage(actor.reviewer!, wl({ county: '19167', bucket: 'overdue' }), TODAY);
      await listWorklistPage(actor.reviewer!, wl({ mine: '1', kind: 'complete_plan' }), TODAY);
      await listWorklistPage(actor.reviewer!, wl({ office: '3', status: 'submitted', channel: 'hard_copy' }), TODAY);
      await countBucketByCounty(actor.reviewer!, 'overdue', TODAY);
      await listCountyOperations(actor['auditor.sioux']!, { page: 1 });
      await listCountyOperations(actor['auditor.sioux']!, { page: 3, relation: 'land_applied_in' });
      await listCountyOperations(actor['auditor.sioux']!, { page: 1, status: 'approved', q: 'S0' });
      await listAllCountyOperations(actor['auditor.sioux']!, { page: 1, relation: 'located_in' });
      await listReceivedSince(actor['auditor.sioux']!, new Date('2026-01-01T00:00:00Z'), 1, TODAY);
      await listReceivedSince(actor['auditor.sioux']!, null, 1, TODAY);
      await listLedgerPage(actor.supervisor!, feeLedgerFilterSchema.parse({}));
      await listLedgerPage(actor.supervisor!, feeLedgerFilterSchema.parse({ status: 'due', code: 'annual_compliance', page: '4' }));
      await listPayerBalances(actor.supervisor!);
      await listOperationSummaries(actor['owner.hansen']!, TODAY);
      await updatesOverdue(actor.supervisor!, TODAY);
      await newOwnersPastDue(actor.supervisor!, TODAY);
      await safoTerminated(actor.supervisor!);
      await unpaidFees(actor.supervisor!, TODAY);
      await plansByMonth(actor.supervisor!, ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
      await listOutbox({ limit: 50 });
      await listPendingTransfers(actor.reviewer!);
      await listMyTransferRequests(actor['owner.hansen']!, TODAY);
    } finally {
      capturing = false;
    }
    const selects = captured.filter((c) => /^\s*(select|with)\b/i.test(c.query));
    expect(selects.length).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const c of selects) {
      const tables = seqScans(await explain(c));
      if (tables.length) offenders.push(`${[...new Set(tables)].join(', ')} <- ${c.query.replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    expect(offenders, offenders.join('\n\n')).toEqual([]);
  }, 120_000);
});
