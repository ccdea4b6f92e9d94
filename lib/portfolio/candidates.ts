import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { counties, operations } from '@/db/schema';
import { operationScope, registeredOperation } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { deadlineOf } from '@/lib/deadlines';
import { LATEST_FIRST } from '@/lib/operations/queries';
import { newOwnerObligation, newOwnerSql } from '@/lib/operations/new-owner';
import { filedUpdateSql } from '@/lib/operations/update-filed';
import { approvedPlanInForceSql } from '@/lib/plans/in-force';
import { animalUnitCapacity, type AnimalCategory } from '@/lib/rules';
import type { PortfolioFilters } from '@/lib/validation/portfolio';

// The portfolio's first pass, in SQL: the preparer's scope, the search (operation, facility ID,
// current owner, county) and the county and plan-status filters are all in the WHERE, and each
// match comes back with only the facts its next filing and due day are computed from. The due day
// is the rules' answer (Iowa Code 4.1(34), IAC 567-65.110(1)"d"), so buckets, the due-date sort and
// the page are taken over these light rows; only the page's rows are then read in full.

export type PortfolioCandidate = {
  id: string;
  name: string;
  latestPlanStatus: string | null;
  nextFiling: 'annual_update' | 'original' | 'new_owner_original' | 'none';
  dueDay: string | null;
  dueDaysLeft: number | null;
  noChangeReady: boolean;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function where(actor: Actor, f: Pick<PortfolioFilters, 'q' | 'county' | 'status'>): SQL {
  const parts: SQL[] = [operationScope(actor), registeredOperation()];
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(sql`(${operations.name} ilike ${like} or ${operations.facilityId} ilike ${like} or ${counties.name} ilike ${like}
      or exists (select 1 from ownerships w join parties pa on pa.id = w.owner_id
        where w.operation_id = ${operations.id} and w.released_on is null and pa.name ilike ${like}))`);
  }
  if (f.county) parts.push(eq(operations.countyFips, f.county));
  if (f.status === 'none') parts.push(sql`latest.status is null`);
  else if (f.status) parts.push(sql`latest.status = ${f.status}`);
  return and(...parts)!;
}

export async function listPortfolioCandidates(actor: Actor, today: string, f: Pick<PortfolioFilters, 'q' | 'county' | 'status'>): Promise<PortfolioCandidate[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: operations.id,
      name: operations.name,
      latestPlanStatus: sql<string | null>`latest.status`,
      hasApprovedPlan: approvedPlanInForceSql(operations.id),
      newOwnerRow: newOwnerSql(operations.id),
      constructedOn: operations.constructedOn,
      lastExpandedOn: operations.lastExpandedOn,
      researchCollege: operations.researchCollege,
      safoInForce: sql<boolean>`(${operations.safoElectedOn} is not null and ${operations.safoEndedOn} is null)`,
      nextDueOn: sql<string | null>`(select d.due_on::text from due_date_assignments d where d.operation_id = ${operations.id} order by d.created_at desc limit 1)`,
      updateFiled: filedUpdateSql(operations.id),
      heads: sql<Record<string, number>>`(select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb) from animal_inventory ai where ai.operation_id = ${operations.id})`,
    })
    .from(operations)
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(
      sql`lateral (select p.status from plans p where p.operation_id = ${operations.id} and p.status <> 'withdrawn' order by ${LATEST_FIRST} limit 1) latest`,
      sql`true`,
    )
    .where(where(actor, f));
  return rows.map((r) => {
    const newOwner = r.newOwnerRow
      ? newOwnerObligation(
          { acquiredOn: r.newOwnerRow.acquiredOn, decided: r.newOwnerRow.decided, animalUnitCapacity: animalUnitCapacity(r.heads as Partial<Record<AnimalCategory, number>>), constructedOn: r.constructedOn, lastExpandedOn: r.lastExpandedOn, researchCollege: r.researchCollege },
          today,
        )
      : null;
    const nextFiling = newOwner?.due ? 'new_owner_original' : !r.hasApprovedPlan ? 'original' : r.safoInForce ? 'none' : 'annual_update';
    // IAC 567-65.110(1)"e"(2): no updated MMP is filed under an election, so no update is due.
    // An update filed for the current due date answers it: no days left, never overdue.
    const annual = !r.safoInForce && r.nextDueOn && !r.updateFiled ? deadlineOf('annual_update', r.nextDueOn, today) : null;
    const due = nextFiling === 'new_owner_original' ? newOwner!.due : nextFiling === 'annual_update' ? annual : null;
    return {
      id: r.id,
      name: r.name,
      latestPlanStatus: r.latestPlanStatus,
      nextFiling,
      dueDay: due?.day ?? null,
      dueDaysLeft: due?.daysLeft ?? null,
      noChangeReady: nextFiling === 'annual_update' && r.latestPlanStatus === 'approved' && !r.updateFiled,
    };
  });
}
