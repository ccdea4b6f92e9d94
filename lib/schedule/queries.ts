import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, counties, dueDateAssignments, fieldOffices, operations, users } from '@/db/schema';
import { registeredOperation } from '@/lib/auth/scopes';
import { animalUnitCapacity, safoElection, type AnimalCategory } from '@/lib/rules';
import type { ScheduledOperation } from './policies';

// Who owes annual updates: every operation with an approved plan (IAC 567-65.110(3)"b"), except
// one whose SAFO election is in force, which files no updated MMP (65.110(1)"e"(2)).

export type ScheduleCandidate = ScheduledOperation & {
  animalUnitCapacity: number;
  contractProducer: boolean;
  safoInForce: boolean;
};

/** `safoElectedOnly`: only operations with an election on record and not ended (the ones that may be excluded). */
export async function listScheduleCandidates(db?: Executor, options: { safoElectedOnly?: boolean } = {}): Promise<{ scheduled: ScheduleCandidate[]; excluded: ScheduleCandidate[] }> {
  const q = db ?? (await getDb());
  const elected = options.safoElectedOnly ? sql` and ${operations.safoElectedOn} is not null and ${operations.safoEndedOn} is null` : sql``;
  const rows = await q
    .select({
      operationId: operations.id,
      name: operations.name,
      countyName: counties.name,
      fieldOfficeId: fieldOffices.id,
      fieldOffice: fieldOffices.city,
      contractProducer: operations.contractProducer,
      safoElectedOn: operations.safoElectedOn,
      safoEndedOn: operations.safoEndedOn,
      peak: operations.peakAnimalUnitsHoused,
      firstApprovedOn: sql<string | null>`(select min(p.decided_on)::text from plans p where p.operation_id = operations.id and p.status = 'approved')`,
      currentDueOn: sql<string | null>`(select d.due_on::text from due_date_assignments d where d.operation_id = operations.id order by d.created_at desc, d.id desc limit 1)`,
      filedSinceAssigned: sql<boolean>`exists (select 1 from plans u where u.operation_id = operations.id and u.kind = 'annual_update'
        and u.status not in ('draft', 'withdrawn') and coalesce(u.received_on, u.submitted_on) >= (select (d.created_at at time zone 'America/Chicago')::date
          from due_date_assignments d where d.operation_id = operations.id order by d.created_at desc, d.id desc limit 1))`,
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .innerJoin(fieldOffices, eq(fieldOffices.id, counties.fieldOfficeId))
    .where(sql`${registeredOperation()} and exists (select 1 from plans p where p.operation_id = operations.id and p.status = 'approved')${elected}`)
    .orderBy(asc(counties.name), asc(operations.name));
  const inventory = options.safoElectedOnly
    ? rows.length ? await q.select().from(animalInventory).where(inArray(animalInventory.operationId, rows.map((r) => r.operationId))) : []
    : await q.select().from(animalInventory);
  const heads = new Map<string, Partial<Record<AnimalCategory, number>>>();
  for (const i of inventory) heads.set(i.operationId, { ...heads.get(i.operationId), [i.category]: i.headAtCapacity });
  const all = rows.map(({ safoElectedOn, safoEndedOn, peak, ...r }) => {
    const au = animalUnitCapacity(heads.get(r.operationId) ?? {});
    const election = safoElection({ animalUnitCapacity: au, peakAnimalUnitsHoused: peak ?? undefined });
    const safoInForce = Boolean(safoElectedOn) && !safoEndedOn && election.eligible && !election.terminated;
    return { ...r, animalUnitCapacity: au, safoInForce };
  });
  return { scheduled: all.filter((o) => !o.safoInForce), excluded: all.filter((o) => o.safoInForce) };
}

export type DueDateHistoryRow = { id: string; dueOn: string; policy: string; reason: string | null; assignedBy: string | null; createdAt: Date };

/** The due-date history of one operation, newest first (the first row is its current due date). */
export async function listDueDateHistory(operationId: string): Promise<DueDateHistoryRow[]> {
  const db = await getDb();
  return db
    .select({ id: dueDateAssignments.id, dueOn: dueDateAssignments.dueOn, policy: dueDateAssignments.policy, reason: dueDateAssignments.reason, assignedBy: users.name, createdAt: dueDateAssignments.createdAt })
    .from(dueDateAssignments)
    .leftJoin(users, eq(users.id, dueDateAssignments.assignedByUserId))
    .where(eq(dueDateAssignments.operationId, operationId))
    .orderBy(sql`${dueDateAssignments.createdAt} desc`, sql`${dueDateAssignments.id} desc`);
}
