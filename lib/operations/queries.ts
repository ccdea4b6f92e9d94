import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { animalInventory, counties, operations } from '@/db/schema';
import { operationScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { animalUnitCapacity, daysBetween, manureRemovalAllowed, type AnimalCategory } from '@/lib/rules';

export type OperationSummary = {
  id: string;
  name: string;
  countyFips: string;
  countyName: string;
  /** Iowa Code 459.102: computed by lib/rules from the head counts at capacity. */
  animalUnitCapacity: number;
  latestPlanId: string | null;
  latestPlanKind: 'original' | 'annual_update' | null;
  latestPlanStatus: string | null;
  hasApprovedPlan: boolean;
  nextDueOn: string | null;
  daysUntilDue: number | null;
  feesOwedCents: number;
  /** IAC 567-65.110(5): manure stays in storage until the department approves the plan. */
  manureRemovalAllowed: boolean;
  facilityId: string | null;
  latestPlanChannel: 'electronic' | 'hard_copy' | null;
  /** Counties of a filed hard-copy plan with no receipt recorded yet (IAC 567-65.110(3)"b"(1)). */
  latestPlanCountiesMissingReceipt: number;
  /** IAC 567-65.110(1)"d": set while a new owner has not yet submitted their own original MMP. */
  newOwnerAcquiredOn: string | null;
  newOwnerDueOn: string | null;
  newOwnerDaysLeft: number | null;
};

// Newest plan first. Plans written in one transaction share created_at, so a draft (not yet
// received) and then the latest receipt break the tie.
export const LATEST_FIRST = sql.raw('p.created_at desc, p.received_on desc nulls first, p.id');

/** Operations the actor may see, with what each owner needs to know at a glance. */
export async function listOperationSummaries(actor: Actor, today: string, filter?: SQL): Promise<OperationSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: operations.id,
      name: operations.name,
      countyFips: operations.countyFips,
      countyName: counties.name,
      latestPlanId: sql<string | null>`latest.id`,
      latestPlanKind: sql<'original' | 'annual_update' | null>`latest.kind`,
      latestPlanStatus: sql<string | null>`latest.status`,
      latestPlanChannel: sql<'electronic' | 'hard_copy' | null>`latest.channel`,
      latestPlanCountiesMissingReceipt: sql<number>`(case when latest.channel = 'hard_copy' and latest.status <> 'draft' then (
        select count(distinct pc.county_fips) from plan_counties pc where pc.plan_id = latest.id and not exists (
          select 1 from county_receipts cr where cr.plan_id = pc.plan_id and cr.county_fips = pc.county_fips)) else 0 end)::int`,
      facilityId: operations.facilityId,
      // A new owner by a confirmed transfer that left an original MMP owed (lib/rules decided on
      // confirmation), who has not yet submitted it.
      newOwnerAcquiredOn: sql<string | null>`newowner.acquired_on`,
      newOwnerDueOn: sql<string | null>`newowner.due_on`,
      hasApprovedPlan: sql<boolean>`exists (select 1 from plans ap where ap.operation_id = ${operations.id} and ap.status = 'approved')`,
      nextDueOn: sql<string | null>`(select d.due_on::text from due_date_assignments d where d.operation_id = ${operations.id} order by d.created_at desc limit 1)`,
      feesOwedCents: sql<number>`coalesce((select sum(f.amount_cents - coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = f.id), 0))
        from fee_lines f where f.operation_id = ${operations.id} and f.status = 'due'), 0)::int`,
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(
      sql`lateral (select p.id, p.kind, p.status, p.channel from plans p where p.operation_id = ${operations.id} and p.status <> 'withdrawn'
        order by ${LATEST_FIRST} limit 1) latest`,
      sql`true`,
    )
    .leftJoin(
      sql`lateral (select t.acquired_on::text as acquired_on, t.original_mmp_due_on::text as due_on from ownership_transfers t
        join ownerships o on o.operation_id = t.operation_id and o.released_on is null and o.owner_id = t.claimant_party_id and o.acquired_on = t.acquired_on
        where t.operation_id = ${operations.id} and t.status = 'confirmed' and t.original_mmp_due_on is not null
          and not exists (select 1 from plans np where np.operation_id = ${operations.id} and np.kind = 'original'
            and np.submitted_on is not null and np.submitted_on >= t.acquired_on)
        order by t.decided_at desc limit 1) newowner`,
      sql`true`,
    )
    .where(and(operationScope(actor), filter))
    .orderBy(asc(operations.name));
  const inventory = rows.length
    ? await db.select().from(animalInventory).where(inArray(animalInventory.operationId, rows.map((r) => r.id)))
    : [];
  const heads = new Map<string, Partial<Record<AnimalCategory, number>>>();
  for (const i of inventory) heads.set(i.operationId, { ...heads.get(i.operationId), [i.category]: i.headAtCapacity });
  return rows.map((r) => {
    return {
      ...r,
      newOwnerDaysLeft: r.newOwnerDueOn ? daysBetween(today, r.newOwnerDueOn) : null,
      animalUnitCapacity: animalUnitCapacity(heads.get(r.id) ?? {}),
      daysUntilDue: r.nextDueOn ? daysBetween(today, r.nextDueOn) : null,
      manureRemovalAllowed: manureRemovalAllowed(r.hasApprovedPlan ? 'approved' : (r.latestPlanStatus ?? 'none')),
    };
  });
}
