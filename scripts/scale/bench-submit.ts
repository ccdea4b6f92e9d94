// The submission action as the benchmark drives it: complete draft plans prepared beforehand (one
// per request, since a plan is submitted once), posted to the plan form's server action exactly as
// the browser posts it, each with its own idempotency key and the session of the plan's owner.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { closeDb, getDb, openDb, useDbHandle } from '@/db/client';
import { parties, planSubmissions, users } from '@/db/schema';
import { DEMO_PASSWORD } from '@/db/seed/demo-people';
import { hashPassword } from '@/lib/auth/passwords';
import { today } from '@/lib/clock';
import { prepareCompleteDrafts, useScratchAttachmentStorage, type DraftPlan } from './drills/fixtures';

/** The id Next gave `submitPlanAction` in this build (the header the browser sends with the form). */
export function submitActionId(): string {
  const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, e]) => e.exportedName === 'submitPlanAction' && e.filename?.includes('plans/[id]/edit/actions'));
  if (!found) throw new Error('submitPlanAction is not in this build (.next/server/server-reference-manifest.json)');
  return found[0];
}

export type SubmissionQueue = {
  drafts: DraftPlan[];
  /** autocannon requests that take the next draft on every call; `undefined` once they run out. */
  requests: (cookieOf: (ownerEmail: string) => string) => Request[];
  /** How many of the prepared plans the database now holds a submission for. */
  submittedCount: () => Promise<number>;
  used: () => number;
};

/** The owner who files the benchmark's plans: its own account, so the demo owners' dashboards stay as they are. */
export const BENCH_FILER = 'bench.filer@example.com';

async function ensureBenchFiler(): Promise<void> {
  const db = await getDb();
  const [found] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, BENCH_FILER));
  if (found) return;
  const [party] = await db.insert(parties).values({ kind: 'organization', name: 'Benchmark Filings LLC', email: BENCH_FILER }).returning({ id: parties.id });
  await db.insert(users).values({
    email: BENCH_FILER, name: 'Benchmark Filer', role: 'owner', partyId: party!.id,
    passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(),
  });
}

export async function prepareSubmissions(databaseUrl: string, count: number): Promise<SubmissionQueue> {
  useDbHandle(await openDb({ mode: 'postgres', url: databaseUrl, poolMax: 8 }));
  useScratchAttachmentStorage();
  let drafts: DraftPlan[];
  try {
    await ensureBenchFiler();
    drafts = await prepareCompleteDrafts(count, today(), 'Bench', [BENCH_FILER]);
  } finally {
    await closeDb();
  }
  const actionId = submitActionId();
  let next = 0;
  return {
    drafts,
    used: () => next,
    requests: (cookieOf) => [
      {
        method: 'POST',
        setupRequest: (req: Request) => {
          const d = drafts[next++];
          if (!d) throw new Error(`the benchmark ran out of prepared plans (${drafts.length}); prepare more`);
          return {
            ...req,
            path: `/plans/${d.planId}/edit`,
            headers: { 'next-action': actionId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', cookie: cookieOf(d.owner.email) },
            body: JSON.stringify([{ planId: d.planId, version: d.version, idempotencyKey: randomUUID(), certify: true }]),
          };
        },
      },
    ],
    submittedCount: async () => {
      useDbHandle(await openDb({ mode: 'postgres', url: databaseUrl, poolMax: 2 }));
      try {
        const ids = drafts.slice(0, next).map((d) => d.planId);
        if (!ids.length) return 0;
        const rows = await (await getDb()).selectDistinct({ planId: planSubmissions.planId }).from(planSubmissions).where(inArray(planSubmissions.planId, ids));
        return rows.length;
      } finally {
        await closeDb();
      }
    },
  };
}
