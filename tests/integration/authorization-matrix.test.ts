import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, plans, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { ACTION_NAMES, ACTIONS, type Action } from '@/lib/auth/actions';
import { authorize, canSeeOperation, canSeePlan } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { listOperationSummaries } from '@/lib/operations/queries';
import { getPlanForActor } from '@/lib/plans/queries';
import { databaseLabel, useTestDb } from './support/test-db';

// Every role x every write the portal exposes x a record of its own / of someone else, against the
// demo data. A = allowed, F = forbidden (403), N = not found (404: outside the caller's scope).
// Columns: owner, preparer, active contractor, staff, supervisor, county official of the record's
// county, county official of another county, admin.
const ACTORS = ['owner', 'preparer', 'contractor', 'staff', 'supervisor', 'county', 'otherCounty', 'admin'] as const;
type ActorKey = (typeof ACTORS)[number];

const ADMIN_ONLY = 'FF FF FF FF FF FF FF AA';
const EXPECTED: Record<Action, string> = {
  'operation.register': 'AA FF FF FF FF FF FF FF',
  'operation.register_for_client': 'FF AA FF FF FF FF FF FF',
  'registration.manage': 'FF AA FF FF FF FF FF FF',
  'registration.answer': 'AA FF FF FF FF FF FF FF',
  'operation.edit': 'AN AN FN FF FF FN FN NN',
  'operation.grant_access': 'AN FN FN FF FF FN FN NN',
  'operation.revoke_access': 'AN FN FN FF FF FN FN NN',
  'preparer.grant': 'AA FF FF FF FF FF FF FF',
  'preparer.revoke': 'AA FF FF FF FF FF FF FF',
  'transfer.request': 'AA FF FF FF FF FF FF FF',
  'transfer.respond': 'AN FN FN FF FF FN FN NN',
  'transfer.decide': 'FF FF FF AA AA FF FF FF',
  'structure.edit': 'AN AN FN AA AA FN FN NN',
  'signatory.manage': 'AN FN FN FF FF FN FN NN',
  'plan.start': 'AN AN FN FF FF FN FN NN',
  'plan.save_draft': 'AN AN FN FF FF FN FN NN',
  'plan.submit': 'AN AN FN FF FF FN FN NN',
  'plan.withdraw': 'AN FN FN FF FF FN FN NN',
  'plan.dispute_filing': 'AN AN FN FF FF FN FN NN',
  'plan.upload_attachment': 'AN AN FN FF FF FN FN NN',
  'plan.record_county_receipt': 'AN AN FN FF FF AN AN NN',
  'application.record': 'AN AN AN FF FF FN FN NN',
  'plan.check_completeness': 'FN FN FN AA AA FN FN NN',
  'plan.decide': 'FN FN FN AA AA FN FN NN',
  'plan.assign_reviewer': 'FN FN FN FF AA FN FN NN',
  'due_date.override': 'FN FN FN FF AA FN FN NN',
  'due_date.apply_policy': 'FF FF FF FF AA FF FF FF',
  'fee.record_payment': 'FN FN FN AA AA FN FN NN',
  'fee.refund_payment': 'FN FN FN AA AA FN FN NN',
  'fee.pay': 'AN FN AN FF FF FN FN NN',
  'user.invite': ADMIN_ONLY,
  'user.change_role': ADMIN_ONLY,
  'user.disable': ADMIN_ONLY,
  'user.reset_second_factor': ADMIN_ONLY,
  'parameter.set': ADMIN_ONLY,
  'county.edit': ADMIN_ONLY,
  'api_token.manage': ADMIN_ONLY,
  'import.run': ADMIN_ONLY,
  'owner_claim.issue': ADMIN_ONLY,
  'owner_claim.redeem': 'AA FF FF FF FF FF FF FF',
  'operation.read': 'AN AN AN AA AA AN AN NN',
  'plan.read': 'AN AN AN AA AA AN AN NN',
  'operation.read_own_list': 'AA AA FF FF FF FF FF FF',
  'contractor.read_list': 'FF FF AA FF FF FF FF FF',
  'fee.read': 'AA FF AA AA AA FF FF FF',
  'fee.read_ledger': 'FF FF FF AA AA FF FF FF',
  'reference.read': 'FF FF FF AA AA FF FF AA',
  'review.read_worklist': 'FF FF FF AA AA FF FF FF',
  'compliance.read': 'FF FF FF AA AA FF FF FF',
  'county.read_list': 'FF FF FF FF FF AA AA FF',
  'portfolio.read': 'FF AA FF FF FF FF FF FF',
  'mail.read': 'FF FF FF AA AA FF FF AA',
  'account.manage_own': 'AA AA AA AA AA AA AA AA',
};

// Whose record is "own" and "other" for each actor (demo operation names).
const RECORDS: Record<ActorKey, { email: string; own: string; other: string }> = {
  owner: { email: 'owner.hansen@example.com', own: 'Rock Valley Finisher Site', other: 'Hull Contract Finisher' },
  preparer: { email: 'preparer@example.com', own: 'Rock Valley Finisher Site', other: 'Hull Contract Finisher' },
  contractor: { email: 'contractor@example.com', own: 'Hull Contract Finisher', other: 'Rock Valley Finisher Site' },
  staff: { email: 'reviewer@example.com', own: 'Rock Valley Finisher Site', other: 'Hull Contract Finisher' },
  supervisor: { email: 'supervisor@example.com', own: 'Rock Valley Finisher Site', other: 'Hull Contract Finisher' },
  county: { email: 'auditor.sioux@example.com', own: 'Rock Valley Finisher Site', other: 'Kalona Dairy' },
  otherCounty: { email: 'auditor.hamilton@example.com', own: 'Stanhope Layer Complex', other: 'Rock Valley Finisher Site' },
  admin: { email: 'admin@example.com', own: 'Rock Valley Finisher Site', other: 'Hull Contract Finisher' },
};

type Outcome = 'A' | 'F' | 'N';
async function outcome(run: () => Promise<void>): Promise<Outcome> {
  try {
    await run();
    return 'A';
  } catch (err) {
    if (err instanceof AppError && err.code === 'FORBIDDEN') return 'F';
    if (err instanceof AppError && err.code === 'NOT_FOUND') return 'N';
    throw err;
  }
}

describe(`authorization matrix on ${databaseLabel}`, () => {
  const t = useTestDb();
  const actors = {} as Record<ActorKey, Actor>;
  const records = {} as Record<ActorKey, { own: { operationId: string; planId: string }; other: { operationId: string; planId: string } }>;

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: '2026-11-30' });
    const target = async (name: string) => {
      const [op] = await db.select().from(operations).where(eq(operations.name, name));
      const opPlans = await db.select().from(plans).where(eq(plans.operationId, op!.id));
      const filed = opPlans.filter((p) => p.status !== 'draft').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return { operationId: op!.id, planId: filed[0]!.id };
    };
    for (const key of ACTORS) {
      const [u] = await db.select().from(users).where(eq(users.email, RECORDS[key].email));
      actors[key] = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
      records[key] = { own: await target(RECORDS[key].own), other: await target(RECORDS[key].other) };
    }
  });

  it('has one row for every action the portal exposes, and no row for an action that does not exist', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTION_NAMES].sort());
  });

  for (const action of Object.keys(EXPECTED) as Action[]) {
    it(`${action}: ${EXPECTED[action]}`, async () => {
      const expected = EXPECTED[action].split(' ');
      const kind = ACTIONS[action].target;
      const got: string[] = [];
      for (const key of ACTORS) {
        const pair = await Promise.all(
          (['own', 'other'] as const).map((which) => {
            const r = records[key][which];
            const tgt = kind === 'operation' ? { operationId: r.operationId } : kind === 'plan' ? { planId: r.planId } : undefined;
            return outcome(() => authorize(actors[key], action, tgt));
          }),
        );
        got.push(pair.join(''));
      }
      expect(Object.fromEntries(ACTORS.map((k, i) => [k, got[i]]))).toEqual(Object.fromEntries(ACTORS.map((k, i) => [k, expected[i]])));
    });
  }

  it('reads: each actor sees its own operation and plan, never the other one (department sees both, admin neither)', async () => {
    const seen: Record<string, string> = {};
    for (const key of ACTORS) {
      const r = records[key];
      const bits = [
        await canSeeOperation(actors[key], r.own.operationId),
        await canSeeOperation(actors[key], r.other.operationId),
        Boolean(await canSeePlan(actors[key], r.own.planId)),
        Boolean(await canSeePlan(actors[key], r.other.planId)),
      ];
      seen[key] = bits.map((b) => (b ? 'Y' : '-')).join('');
    }
    expect(seen).toEqual({
      owner: 'Y-Y-', preparer: 'Y-Y-', contractor: 'Y-Y-', staff: 'YYYY', supervisor: 'YYYY', county: 'Y-Y-', otherCounty: 'Y-Y-', admin: '----',
    });
  });

  it("a county official's list holds only operations located in or land-applying in the county", async () => {
    const list = await listOperationSummaries(actors.county, '2026-11-30');
    expect(list.map((o) => o.name)).toContain('Doon Sow Unit'); // in Lyon, applies manure in Sioux
    expect(list.map((o) => o.name)).not.toContain('Kalona Dairy');
    expect(list.map((o) => o.name)).not.toContain('Stanhope Layer Complex');
  });

  it('a plan outside the scope reads as not found, exactly like a plan that does not exist', async () => {
    const outside = await outcome(async () => void (await getPlanForActor(actors.otherCounty, records.otherCounty.other.planId)));
    const missing = await outcome(async () => void (await getPlanForActor(actors.otherCounty, '00000000-0000-4000-8000-000000000000')));
    const garbage = await outcome(async () => void (await getPlanForActor(actors.otherCounty, "1' or '1'='1")));
    expect([outside, missing, garbage]).toEqual(['N', 'N', 'N']);
  });
});
