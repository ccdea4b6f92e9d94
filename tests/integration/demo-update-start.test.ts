import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, ownerships, plans, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { startPlan } from '@/lib/plans/start';
import { databaseLabel, useTestDb } from './support/test-db';

// An annual update starts from the approved plan (IAC 567-65.110(3)"b"): on the demo, the owner who
// starts one finds the approved plan's soil loss and surface water practices already written, not a
// required field left blank.
describe(`an annual update started on the demo on ${databaseLabel}`, () => {
  const t = useTestDb();
  let owner: Actor;

  beforeAll(async () => {
    const { db } = t.get();
    await seedDatabase(db, { demo: true, today: today() });
    const [u] = await db.select().from(users).where(eq(users.email, 'owner.hansen@example.com'));
    owner = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  });

  it('opens with the approved plan’s soil loss practices filled in', async () => {
    const { db } = t.get();
    const owned = await db.select({ id: operations.id }).from(operations).innerJoin(ownerships, eq(ownerships.operationId, operations.id)).where(eq(ownerships.ownerId, owner.partyId!));
    let started: string | null = null;
    for (const op of owned) {
      try {
        const { planId, resumed } = await startPlan(owner, { operationId: op.id, kind: 'annual_update' }, today());
        if (!resumed) {
          started = planId;
          break;
        }
      } catch (err) {
        // An operation with a plan in progress, or none approved yet: not one an update starts on.
        if (!(err instanceof AppError)) throw err;
      }
    }
    expect(started).not.toBeNull();
    const [plan] = await db.select({ draft: plans.draftState }).from(plans).where(eq(plans.id, started!));
    const practices = (plan!.draft as { stockpiles?: { soilLossPractices?: string } }).stockpiles?.soilLossPractices ?? '';
    expect(practices.length).toBeGreaterThanOrEqual(10);
    expect(practices).toMatch(/soil loss/i);
  });
});
