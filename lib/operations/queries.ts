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
};

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
      hasApprovedPlan: sql<boolean>`exists (select 1 from plans ap where ap.operation_id = ${operations.id} and ap.status = 'approved')`,
      nextDueOn: sql<string | null>`(select d.due_on::text from due_date_assignments d where d.operation_id = ${operations.id} order by d.created_at desc limit 1)`,
      feesOwedCents: sql<number>`coalesce((select sum(f.amount_cents - coalesce((select sum(p.amount_cents) from payments p where p.fee_line_id = f.id), 0))
        from fee_lines f where f.operation_id = ${operations.id} and f.status = 'due'), 0)::int`,
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(
      sql`lateral (select p.id, p.kind, p.status from plans p where p.operation_id = ${operations.id} and p.status <> 'withdrawn'
        order by p.created_at desc limit 1) latest`,
      sql`true`,
    )
    .where(and(operationScope(actor), filter))
    .orderBy(asc(operations.name));
  const inventory = rows.length
    ? await db.select().from(animalInventory).where(inArray(animalInventory.operationId, rows.map((r) => r.id)))
    : [];
  const heads = new Map<string, Partial<Record<AnimalCategory, number>>>();
  for (const i of inventory) heads.set(i.operationId, { ...heads.get(i.operationId), [i.category]: i.headAtCapacity });
  return rows.map((r) => ({
    ...r,
    animalUnitCapacity: animalUnitCapacity(heads.get(r.id) ?? {}),
    daysUntilDue: r.nextDueOn ? daysBetween(today, r.nextDueOn) : null,
    manureRemovalAllowed: manureRemovalAllowed(r.hasApprovedPlan ? 'approved' : (r.latestPlanStatus ?? 'none')),
  }));
}
