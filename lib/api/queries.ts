import 'server-only';
// The API's reads. Every query carries the token's scope in its WHERE (lib/api/scope), and pages
// by keyset on a unique sort key, so a page is the same whatever was added before it.
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { deadlineOf } from '@/lib/deadlines';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { manureRemovalAnswer, manureRemovalFactsSql, type InForceFacts } from '@/lib/plans/in-force';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import { ApiProblem } from './problem';
import { apiOperationScope, apiPlanScope } from './scope';
import type { ApiPrincipal } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(id: string, what: string): string {
  // An id that is not one of ours is simply not found: the same answer as another county's id.
  if (!UUID.test(id)) throw new ApiProblem('not-found', `No ${what} ${id} within this token’s scope.`);
  return id.toLowerCase();
}

const latestStatus = sql`(select p.status::text from plans p where p.operation_id = operations.id and p.status <> 'draft'
  order by (p.status = 'withdrawn'), coalesce(p.received_on, p.submitted_on) desc nulls last, p.created_at desc, p.id desc limit 1)`;

type OperationRaw = {
  id: string; facilityId: string | null; name: string; kind: string; countyFips: string; countyName: string;
  township: string | null; range: string | null; section: number | null; quarterSection: string | null; address911: string | null;
  constructedOn: string | null; lastExpandedOn: string | null; constructionPermitStatus: string; contractProducer: boolean;
  safoInForce: boolean; planStatus: string | null; lastApprovedOn: string | null; dueOn: string | null; heads: Record<string, number>;
  removalFacts: InForceFacts;
};

function operationSelect(where: ReturnType<typeof sql>, limit: number) {
  return sql`select operations.id, operations.facility_id as "facilityId", operations.name, operations.kind::text as kind,
      operations.county_fips as "countyFips", c.name as "countyName", operations.township, operations.range, operations.section,
      operations.quarter_section as "quarterSection", operations.address_911 as "address911",
      operations.constructed_on::text as "constructedOn", operations.last_expanded_on::text as "lastExpandedOn",
      operations.construction_permit_status::text as "constructionPermitStatus", operations.contract_producer as "contractProducer",
      (operations.safo_elected_on is not null and operations.safo_ended_on is null) as "safoInForce",
      ${latestStatus} as "planStatus",
      (select max(p.decided_on) from plans p where p.operation_id = operations.id and p.decision = 'approved')::text as "lastApprovedOn",
      (select d.due_on from due_date_assignments d where d.operation_id = operations.id order by d.created_at desc, d.id desc limit 1)::text as "dueOn",
      (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb) from animal_inventory ai where ai.operation_id = operations.id) as heads,
      ${manureRemovalFactsSql(sql`operations.id`)} as "removalFacts"
    from operations join counties c on c.fips = operations.county_fips
    where ${where} order by operations.id limit ${limit}`;
}

function dueOf(dueOn: string | null, safo: boolean) {
  if (!dueOn || safo) return null;
  const d = deadlineOf('annual_update', dueOn);
  return { lastDay: d.lastDay, day: d.day, extended: d.extended, citation: d.citation, reason: d.reason };
}

/** IAC 567-65.110(5), and 65.110(1)"d" for a new owner: the answer every page and letter gives. */
function removalOf(facts: InForceFacts) {
  const a = manureRemovalAnswer(facts);
  return { allowed: a.allowed, until: a.until ?? null, citation: a.citation, reason: a.reason };
}

function operationOut(r: OperationRaw) {
  return {
    id: r.id,
    facilityId: r.facilityId,
    name: r.name,
    kind: r.kind,
    county: { fips: r.countyFips, name: r.countyName },
    legalLocation: { township: r.township, range: r.range, section: r.section, quarterSection: r.quarterSection },
    address911: r.address911,
    headAtCapacity: r.heads,
    animalUnitCapacity: animalUnitCapacity(r.heads as Partial<Record<AnimalCategory, number>>),
    constructedOn: r.constructedOn,
    lastExpandedOn: r.lastExpandedOn,
    constructionPermitStatus: r.constructionPermitStatus,
    contractProducer: r.contractProducer,
    safoElectionInForce: r.safoInForce,
    planStatus: r.planStatus,
    lastApprovedOn: r.lastApprovedOn,
    nextUpdateDue: dueOf(r.dueOn, r.safoInForce),
    manureRemoval: removalOf(r.removalFacts),
  };
}

export type ApiOperation = ReturnType<typeof operationOut>;

export async function listApiOperations(p: ApiPrincipal, after: string | null, limit: number, county: string | null): Promise<ApiOperation[]> {
  const db = await getDb();
  const parts = [apiOperationScope(p)];
  if (after) parts.push(sql`operations.id > ${requireCursorUuid(after)}::uuid`);
  if (county) parts.push(sql`operations.county_fips = ${county}`);
  return (await queryRows<OperationRaw>(db, operationSelect(sql.join(parts, sql` and `), limit + 1))).map(operationOut);
}

export async function getApiOperation(p: ApiPrincipal, id: string): Promise<ApiOperation> {
  const db = await getDb();
  const [row] = await queryRows<OperationRaw>(db, operationSelect(sql`operations.id = ${requireUuid(id, 'operation')}::uuid and ${apiOperationScope(p)}`, 1));
  if (!row) throw new ApiProblem('not-found', `No operation ${id} within this token’s scope.`);
  return operationOut(row);
}

function requireCursorUuid(v: string): string {
  if (!UUID.test(v)) throw new ApiProblem('invalid-cursor', 'The cursor does not hold a record id.');
  return v;
}

type PlanRaw = {
  id: string; referenceNumber: string; operationId: string; facilityId: string | null; kind: string; updateKind: string | null; channel: string;
  status: string; animalUnitCapacity: number | null; submittedOn: string | null; receivedOn: string | null; completeReceivedOn: string | null;
  decisionDueOn: string | null; decidedOn: string | null; decision: string | null; decisionReasons: string | null;
};

function planSelect(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number) {
  return sql`select plans.id, plans.reference_number as "referenceNumber", plans.operation_id as "operationId", o.facility_id as "facilityId",
      plans.kind::text as kind, plans.update_kind::text as "updateKind", plans.channel::text as channel, plans.status::text as status,
      plans.animal_unit_capacity as "animalUnitCapacity", plans.submitted_on::text as "submittedOn", plans.received_on::text as "receivedOn",
      plans.complete_received_on::text as "completeReceivedOn", plans.decision_due_on::text as "decisionDueOn",
      plans.decided_on::text as "decidedOn", plans.decision::text as decision, plans.decision_reasons as "decisionReasons"
    from plans join operations o on o.id = plans.operation_id
    where ${where} order by ${order} limit ${limit}`;
}

function planOut(r: PlanRaw) {
  return {
    id: r.id, referenceNumber: r.referenceNumber, operationId: r.operationId, facilityId: r.facilityId, kind: r.kind, updateKind: r.updateKind,
    channel: r.channel, status: r.status, animalUnitCapacity: r.animalUnitCapacity === null ? null : Number(r.animalUnitCapacity),
    submittedOn: r.submittedOn, receivedOn: r.receivedOn, completeReceivedOn: r.completeReceivedOn, decisionDueOn: r.decisionDueOn,
    decidedOn: r.decidedOn, decision: r.decision,
  };
}

export async function listApiPlansOfOperation(p: ApiPrincipal, operationId: string, after: string | null, limit: number) {
  await getApiOperation(p, operationId);
  const db = await getDb();
  const parts = [sql`plans.operation_id = ${operationId}::uuid`, apiPlanScope(p)];
  if (after) parts.push(sql`plans.id > ${requireCursorUuid(after)}::uuid`);
  return (await queryRows<PlanRaw>(db, planSelect(sql.join(parts, sql` and `), sql`plans.id`, limit + 1))).map(planOut);
}

/** One plan with its document (the filed plan: the submission's snapshot, else the plan's tables). */
export async function getApiPlan(p: ApiPrincipal, id: string) {
  const db = await getDb();
  const [row] = await queryRows<PlanRaw>(db, planSelect(sql`plans.id = ${requireUuid(id, 'plan')}::uuid and ${apiPlanScope(p)}`, sql`plans.id`, 1));
  if (!row) throw new ApiProblem('not-found', `No plan ${id} within this token’s scope.`);
  const doc = await loadFiledDocument(db, row.id);
  return { ...planOut(row), decisionReasons: row.decisionReasons, document: doc };
}

export async function listApiDecisions(p: ApiPrincipal, after: string[] | null, limit: number) {
  const db = await getDb();
  const parts = [sql`plans.decision is not null`, apiPlanScope(p)];
  if (after) parts.push(sql`(plans.decided_on, plans.id) > (${after[0]}::date, ${requireCursorUuid(after[1]!)}::uuid)`);
  const rows = await queryRows<PlanRaw>(db, planSelect(sql.join(parts, sql` and `), sql`plans.decided_on, plans.id`, limit + 1));
  return rows.map((r) => ({ planId: r.id, referenceNumber: r.referenceNumber, operationId: r.operationId, facilityId: r.facilityId, kind: r.kind, decision: r.decision!, decidedOn: r.decidedOn!, reasons: r.decisionReasons }));
}

export async function listApiDueDates(p: ApiPrincipal, after: string | null, limit: number) {
  const db = await getDb();
  const parts = [apiOperationScope(p), sql`not (operations.safo_elected_on is not null and operations.safo_ended_on is null)`];
  if (after) parts.push(sql`operations.id > ${requireCursorUuid(after)}::uuid`);
  const rows = await queryRows<{ operationId: string; facilityId: string | null; name: string; dueOn: string; policy: string }>(
    db,
    sql`select operations.id as "operationId", operations.facility_id as "facilityId", operations.name, d.due_on::text as "dueOn", d.policy::text as policy
      from operations join lateral (select due_on, policy from due_date_assignments d where d.operation_id = operations.id
        order by d.created_at desc, d.id desc limit 1) d on true
      where ${sql.join(parts, sql` and `)} order by operations.id limit ${limit + 1}`,
  );
  return rows.map((r) => ({ operationId: r.operationId, facilityId: r.facilityId, name: r.name, policy: r.policy, due: dueOf(r.dueOn, false)! }));
}
