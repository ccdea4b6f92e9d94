// The submission action as the benchmark drives it: complete draft plans prepared beforehand (one
// per request, since a plan is submitted once), posted to the plan form's server action exactly as
// the browser posts it, each with its own idempotency key and the session of the plan's owner, and
// signed as the signing step signs: the plan's SHA-256 as shown, the certification, the filer's
// password and a one-time recovery code of its own (an authenticator code serves once per 30 s).
import '@/emails/register';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { openDb } from '@/db/client';
import { closeDb, getDb, postgresOptions, useDbHandle } from '@/lib/db';
import { parties, planSubmissions, recoveryCodes, users } from '@/db/schema';
import { DEMO_PASSWORD } from '@/lib/demo/demo-people';
import { hashPassword } from '@/lib/auth/passwords';
import { hashRecoveryCode, newRecoveryCodes } from '@/lib/auth/totp';
import { today } from '@/lib/clock';
import { signingPreview } from '@/lib/plans/signing';
import { PLAN_CERTIFICATION } from '@/lib/signing/certification';
import { readyToSign } from '../../tests/support/signing';
import { mapLimit, prepareCompleteDrafts, useScratchAttachmentStorage, type DraftPlan } from './drills/fixtures';

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
  /**
   * A one-time code to sign in with, for each account the plans are filed by: a signatory has a
   * second factor, so the sign-in form asks for a code after the password.
   */
  signInCode: (email: string) => string;
};

/** What each prepared plan is signed with: the SHA-256 the signing step shows and a code of its own. */
type Signing = { documentSha256: string; code: string };

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
  useDbHandle(await openDb(postgresOptions(databaseUrl, 8)));
  useScratchAttachmentStorage();
  let drafts: DraftPlan[];
  let signing: Signing[];
  const signInCodes = new Map<string, string>();
  try {
    await ensureBenchFiler();
    drafts = await prepareCompleteDrafts(count, today(), 'Bench', [BENCH_FILER]);
    // The filer as a signatory: the agreement accepted, a second factor, and a recovery code for each plan and one to sign in.
    const filer = drafts[0]?.owner;
    const codes = filer ? newRecoveryCodes(count + 1) : [];
    if (filer) {
      await readyToSign(filer, DEMO_PASSWORD);
      const db = await getDb();
      for (let i = 0; i < codes.length; i += 500) {
        await db.insert(recoveryCodes).values(codes.slice(i, i + 500).map((code) => ({ userId: filer.id, codeHash: hashRecoveryCode(code) })));
      }
      signInCodes.set(filer.email.toLowerCase(), codes[count]!);
    }
    signing = await mapLimit(drafts, 8, async (d, i) => {
      const preview = await signingPreview(d.owner, d.planId, today());
      if (!preview.documentSha256) throw new Error(`the prepared plan ${d.planId} is not complete: it has no SHA-256 to sign`);
      return { documentSha256: preview.documentSha256, code: codes[i]! };
    });
  } finally {
    await closeDb();
  }
  const actionId = submitActionId();
  let next = 0;
  return {
    drafts,
    used: () => next,
    signInCode: (email) => {
      const code = signInCodes.get(email.toLowerCase());
      if (!code) throw new Error(`no sign-in code was prepared for ${email}`);
      return code;
    },
    requests: (cookieOf) => [
      {
        method: 'POST',
        setupRequest: (req: Request) => {
          const i = next++;
          const d = drafts[i];
          if (!d) throw new Error(`the benchmark ran out of prepared plans (${drafts.length}); prepare more`);
          const { documentSha256, code } = signing[i]!;
          return {
            ...req,
            path: `/plans/${d.planId}/edit`,
            headers: { 'next-action': actionId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', cookie: cookieOf(d.owner.email) },
            body: JSON.stringify([
              { planId: d.planId, version: d.version, idempotencyKey: randomUUID(), documentSha256, certify: true, password: DEMO_PASSWORD, code, certificationVersion: PLAN_CERTIFICATION.version },
            ]),
          };
        },
      },
    ],
    submittedCount: async () => {
      useDbHandle(await openDb(postgresOptions(databaseUrl, 2)));
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
