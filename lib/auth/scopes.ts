import { sql, type SQL } from 'drizzle-orm';
import { operationAccessGrants, operationFiledCounties, operations, ownerPreparerGrants, ownerships, ownershipTransfers, planCounties, plans, registrationRequests } from '@/db/schema';
import { today } from '@/lib/clock';
import type { Actor } from './roles';

// Read scopes: SQL conditions that every list and detail query includes in its WHERE, so a query
// run for one person cannot return a record outside what that person may see.

const none = sql`false`;

/**
 * Registered operations: not one a preparer registered for a client who has not accepted it yet,
 * nor one withdrawn. Every role's operation scope includes it (the preparer's own waiting
 * registrations aside), so the department, counties, contractors, the API and the public never
 * see a registration before its owner accepts it. `alias` for raw SQL over `operations o`.
 */
export function registeredOperation(alias?: string): SQL {
  return alias ? sql`${sql.raw(alias)}.registration_status = 'registered'` : sql`${operations.registrationStatus} = 'registered'`;
}

/** Operations the actor may see. A condition over the `operations` table. */
export function operationScope(actor: Actor): SQL {
  switch (actor.role) {
    case 'owner':
      if (!actor.partyId) return none;
      return sql`(${registeredOperation()} and exists (select 1 from ${ownerships} where ${ownerships.operationId} = ${operations.id}
        and ${ownerships.ownerId} = ${actor.partyId} and ${ownerships.releasedOn} is null))`;
    case 'preparer': {
      // Granted for this operation, or for all of its current owner's operations; until revoked
      // and through the grant's last day (an Iowa calendar date, from lib/clock).
      // Also the registrations they made for clients that wait for the owner's acceptance.
      const day = today();
      return sql`((${registeredOperation()} and (exists (select 1 from ${operationAccessGrants} where ${operationAccessGrants.operationId} = ${operations.id}
        and ${operationAccessGrants.userId} = ${actor.id} and ${operationAccessGrants.revokedAt} is null
        and (${operationAccessGrants.endsOn} is null or ${operationAccessGrants.endsOn} >= ${day}))
        or exists (select 1 from ${ownerPreparerGrants} join ${ownerships} on ${ownerships.ownerId} = ${ownerPreparerGrants.ownerPartyId}
          and ${ownerships.releasedOn} is null
        where ${ownerships.operationId} = ${operations.id} and ${ownerPreparerGrants.preparerUserId} = ${actor.id}
          and ${ownerPreparerGrants.revokedAt} is null and (${ownerPreparerGrants.endsOn} is null or ${ownerPreparerGrants.endsOn} >= ${day}))))
        or (${operations.registrationStatus} = 'awaiting_owner' and exists (select 1 from ${registrationRequests}
          where ${registrationRequests.operationId} = ${operations.id} and ${registrationRequests.preparerUserId} = ${actor.id}
          and ${registrationRequests.status} = 'pending')))`;
    }
    case 'active_contractor':
      return actor.partyId ? sql`(${operations.activeContractorId} = ${actor.partyId} and ${registeredOperation()})` : none;
    case 'county_official':
      // IAC 567-65.110(3)"b": located in the county, or land-applying manure in it under a filed plan.
      if (!actor.countyFips) return none;
      // operation_filed_counties holds the counties named by the operation's filed (non-draft) plans.
      return sql`(${registeredOperation()} and (${operations.countyFips} = ${actor.countyFips} or exists (
        select 1 from ${operationFiledCounties} where ${operationFiledCounties.countyFips} = ${actor.countyFips}
        and ${operationFiledCounties.operationId} = ${operations.id})))`;
    case 'department_staff':
    case 'department_supervisor':
      return registeredOperation();
    case 'admin':
      return none;
  }
}

/** Plans the actor may see. A condition over the `plans` table. */
export function planScope(actor: Actor): SQL {
  switch (actor.role) {
    case 'owner':
    case 'preparer':
      return sql`exists (select 1 from ${operations} where ${operations.id} = ${plans.operationId} and ${operationScope(actor)})`;
    case 'active_contractor':
      return sql`${plans.status} <> 'draft' and exists (select 1 from ${operations}
        where ${operations.id} = ${plans.operationId} and ${operationScope(actor)})`;
    case 'county_official':
      // Counties get access once a plan is filed, and only to plans that touch the county.
      if (!actor.countyFips) return none;
      return sql`${plans.status} <> 'draft' and exists (select 1 from ${planCounties}
        where ${planCounties.planId} = ${plans.id} and ${planCounties.countyFips} = ${actor.countyFips})`;
    case 'department_staff':
    case 'department_supervisor':
      return sql`${plans.status} <> 'draft'`;
    case 'admin':
      return none;
  }
}

/**
 * Ownership transfer requests the actor may see: an owner sees the requests they filed and those
 * naming them as the owner asked to accept; the department sees all. A condition over
 * `ownership_transfers`. Seeing a request never opens the operation: that is operationScope's.
 */
export function transferScope(actor: Actor): SQL {
  switch (actor.role) {
    case 'owner':
      if (!actor.partyId) return none;
      return sql`(${ownershipTransfers.claimantPartyId} = ${actor.partyId} or ${ownershipTransfers.currentOwnerPartyId} = ${actor.partyId})`;
    case 'department_staff':
    case 'department_supervisor':
      return sql`true`;
    default:
      return none;
  }
}
