import 'server-only';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { animalInventory, counties, operations } from '@/db/schema';
import { operationScope, registeredOperation } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { manureRemovalAnswer, manureRemovalFactsSql } from '@/lib/plans/in-force';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import { deadlineOf, type Deadline } from '@/lib/deadlines';
import { newOwnerObligation, newOwnerSql, type NewOwnerObligation } from './new-owner';
import { filedUpdateSql, type FiledUpdate } from './update-filed';

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
  /** The annual update's due date as assigned and as moved by Iowa Code 4.1(34) (filing rule). */
  nextDue: Deadline | null;
  /** Days until the effective due day (negative once it has passed); null once the update is filed. */
  daysUntilDue: number | null;
  /** The annual update filed for the current due date, if any: the date is answered, not counted down. */
  updateFiled: FiledUpdate | null;
  feesOwedCents: number;
  /** IAC 567-65.110(5): manure stays in storage until an approved plan is in force (lib/plans/in-force). */
  manureRemovalAllowed: boolean;
  /** IAC 567-65.110(1)"d": a new owner removes under the previous owner's plan only until this day. */
  manureRemovalUntil: string | null;
  /** IAC 567-65.110(1)"e"(2): an election in force means no updated MMP is filed while it lasts. */
  safoInForce: boolean;
  facilityId: string | null;
  latestPlanChannel: 'electronic' | 'hard_copy' | null;
  /** Counties of a filed hard-copy plan with no receipt recorded yet (IAC 567-65.110(3)"b"(1)). */
  latestPlanCountiesMissingReceipt: number;
  /** IAC 567-65.110(1)"d": set while a new owner owes an original MMP and has not yet submitted it. */
  newOwnerAcquiredOn: string | null;
  /** What a new owner who has not filed owes: an original MMP only where the operation must have one. */
  newOwner: NewOwnerObligation | null;
  /** The rule's last day for that original MMP (raw), if one is owed. */
  newOwnerDueOn: string | null;
  /** Days to the day Iowa Code 4.1(34) (filing rule) moves that last day to. */
  newOwnerDaysLeft: number | null;
};

// Newest plan first. Plans written in one transaction share created_at, so a draft (not yet
// received) and then the latest receipt break the tie.
export const LATEST_FIRST = sql.raw('p.created_at desc, p.received_on desc nulls first, p.id');

/**
 * Registered operations the actor may see, with what each owner needs to know at a glance. A
 * preparer's registrations waiting for an owner's acceptance are listed apart (lib/registrations).
 */
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
      // A new owner (an earlier ownership was released) who has not yet submitted an original MMP.
      newOwnerRow: newOwnerSql(operations.id),
      removalFacts: manureRemovalFactsSql(operations.id),
      constructedOn: operations.constructedOn,
      lastExpandedOn: operations.lastExpandedOn,
      researchCollege: operations.researchCollege,
      safoElectedOn: operations.safoElectedOn,
      safoEndedOn: operations.safoEndedOn,
      nextDueOn: sql<string | null>`(select d.due_on::text from due_date_assignments d where d.operation_id = ${operations.id} order by d.created_at desc limit 1)`,
      updateFiled: filedUpdateSql(operations.id),
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
    .where(and(operationScope(actor), registeredOperation(), filter))
    .orderBy(asc(operations.name));
  const inventory = rows.length
    ? await db.select().from(animalInventory).where(inArray(animalInventory.operationId, rows.map((r) => r.id)))
    : [];
  const heads = new Map<string, Partial<Record<AnimalCategory, number>>>();
  for (const i of inventory) heads.set(i.operationId, { ...heads.get(i.operationId), [i.category]: i.headAtCapacity });
  return rows.map(({ constructedOn, lastExpandedOn, researchCollege, safoElectedOn, safoEndedOn, newOwnerRow, removalFacts, ...r }) => {
    const au = animalUnitCapacity(heads.get(r.id) ?? {});
    const newOwner = newOwnerRow
      ? newOwnerObligation({ acquiredOn: newOwnerRow.acquiredOn, decided: newOwnerRow.decided, animalUnitCapacity: au, constructedOn, lastExpandedOn, researchCollege }, today)
      : null;
    const safoInForce = Boolean(safoElectedOn) && !safoEndedOn;
    // IAC 567-65.110(5), and 65.110(1)"d" for a new owner: the same answer as the operation's page.
    const removal = manureRemovalAnswer(removalFacts, today);
    // IAC 567-65.110(1)"e"(2): no updated MMP is filed under an election, so no update is due.
    // IAC 567-65.110(1)"d": a new owner owes only the original plan until it is filed, so no update is due meanwhile.
    const nextDueOn = safoInForce || newOwner?.due ? null : r.nextDueOn;
    const nextDue = nextDueOn ? deadlineOf('annual_update', nextDueOn, today) : null;
    const updateFiled = nextDueOn ? r.updateFiled : null;
    return {
      ...r,
      newOwnerAcquiredOn: newOwner?.due ? newOwner.acquiredOn : null,
      nextDueOn,
      safoInForce,
      newOwner,
      newOwnerDueOn: newOwner?.due?.lastDay ?? null,
      newOwnerDaysLeft: newOwner?.due?.daysLeft ?? null,
      animalUnitCapacity: au,
      nextDue,
      updateFiled,
      daysUntilDue: updateFiled ? null : nextDue?.daysLeft ?? null,
      hasApprovedPlan: Boolean(removalFacts.approved),
      manureRemovalAllowed: removal.allowed,
      manureRemovalUntil: removal.until ?? null,
    };
  });
}
