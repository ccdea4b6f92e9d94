import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { dueDateAssignments } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/roles';
import { invalidateFigures } from '@/lib/cache/figures-cache';
import { animalUnitCapacity, safoElection, type AnimalCategory } from '@/lib/rules';
import type { StaggerPolicy } from '@/lib/validation/due-dates';
import { notifyOwner, ownersOf } from './apply';
import { addMonths } from './months';
import { dueDateAtApproval, type AtApprovalDate } from './at-approval-date';

// IAC 567-65.110(3)"b"(3): at the approval of a plan, an operation that has no annual update due date
// gets one from the department's staggering policy, and its owner is told the date (the same notice a
// schedule sends). An operation under a SAFO election in force files no updated MMP (65.110(1)"e"(2)).

type OpRow = {
  name: string; contractProducer: boolean; hasDue: boolean; electedOn: string | null; endedOn: string | null; peak: number | null;
  fieldOfficeId: number; fieldOffice: string; heads: Record<string, number>;
};

/** The due-dates and compliance pages read their figures again once the approval has committed. */
export function dropScheduleFiguresAfterApproval(): void {
  invalidateFigures('due-dates:');
  invalidateFigures('compliance:');
}

export async function assignDueDateAtApproval(tx: Executor, actor: Actor, operationId: string, ctx: { today: string; origin: string }): Promise<AtApprovalDate | null> {
  const [op] = await queryRows<OpRow>(tx, sql`select o.name, o.contract_producer as "contractProducer",
      exists (select 1 from due_date_assignments d where d.operation_id = o.id) as "hasDue",
      o.safo_elected_on::text as "electedOn", o.safo_ended_on::text as "endedOn", o.peak_animal_units_housed::float8 as peak,
      fo.id as "fieldOfficeId", fo.city as "fieldOffice",
      (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb) from animal_inventory ai where ai.operation_id = o.id) as heads
    from operations o join counties c on c.fips = o.county_fips join field_offices fo on fo.id = c.field_office_id
    where o.id = ${operationId}`);
  if (!op || op.hasDue) return null;
  const au = animalUnitCapacity(op.heads as Partial<Record<AnimalCategory, number>>);
  const election = safoElection({ animalUnitCapacity: au, peakAnimalUnitsHoused: op.peak ?? undefined });
  if (op.electedOn && !op.endedOn && election.eligible && !election.terminated) return null;
  const [latest] = await queryRows<{ policy: StaggerPolicy }>(tx, sql`select policy::text as policy from due_date_assignments
    where policy in ('even_by_month', 'county_group', 'approval_anniversary') order by created_at desc, id desc limit 1`);
  const [office] = await queryRows<{ month: string }>(tx, sql`select to_char(d.due_on, 'YYYY-MM') as month from due_date_assignments d
    join operations o on o.id = d.operation_id join counties c on c.fips = o.county_fips
    where d.policy = 'county_group' and c.field_office_id = ${op.fieldOfficeId} order by d.created_at desc, d.id desc limit 1`);
  // Each operation's current date (its newest row) counted by month, over the months a new date may fall in.
  const loads = await queryRows<{ month: string; n: number }>(tx, sql`select to_char(cur.due_on, 'YYYY-MM') as month, count(*)::int as n
    from (select distinct on (operation_id) due_on from due_date_assignments order by operation_id, created_at desc, id desc) cur
    where cur.due_on > ${ctx.today} and to_char(cur.due_on, 'YYYY-MM') <= ${addMonths(ctx.today, 19)} group by 1`);
  const chosen = dueDateAtApproval({
    today: ctx.today, policy: latest?.policy ?? null, officeMonth: office?.month ?? null, fieldOffice: op.fieldOffice,
    monthLoads: Object.fromEntries(loads.map((l) => [l.month, l.n])),
  });
  const [row] = await tx
    .insert(dueDateAssignments)
    // Dated the day of the approval as the portal counts days (noon in Iowa), like the decision itself:
    // an update received from that day on answers this date (lib/operations/update-filed.ts).
    .values({ operationId, dueOn: chosen.dueOn, policy: chosen.policy, reason: `Assigned at approval. ${chosen.why}`, assignedByUserId: actor.id, createdAt: new Date(`${ctx.today}T18:00:00Z`) })
    .returning({ id: dueDateAssignments.id });
  await recordAudit(tx, { actorUserId: actor.id, action: 'due_date.assigned', entityType: 'operation', entityId: operationId, before: { dueOn: null }, after: { dueOn: chosen.dueOn, policy: chosen.policy, atApproval: true } });
  const owners = await ownersOf(tx, [operationId]);
  await notifyOwner(tx, { name: op.name, animalUnitCapacity: au, contractProducer: op.contractProducer }, row!.id, chosen.dueOn, owners.get(operationId), ctx);
  return chosen;
}
