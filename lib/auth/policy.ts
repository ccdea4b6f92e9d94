import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { operations, plans } from '@/db/schema';
import { forbiddenError, notFoundError, type Denial } from '@/lib/errors';
import { ACTIONS, roleMayAttempt, type Action } from './actions';
import type { Actor } from './roles';
import { operationScope, planScope } from './scopes';

export type Target = { operationId: string } | { planId: string } | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is the operation within what the actor may see? */
export async function canSeeOperation(actor: Actor, operationId: string, db?: Executor): Promise<boolean> {
  if (!UUID.test(operationId)) return false;
  const q = db ?? (await getDb());
  const rows = await q
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.id, operationId), operationScope(actor)))
    .limit(1);
  return rows.length > 0;
}

/** Is the plan within what the actor may see? Returns its operation id when it is. */
export async function canSeePlan(actor: Actor, planId: string, db?: Executor): Promise<string | null> {
  if (!UUID.test(planId)) return null;
  const q = db ?? (await getDb());
  const rows = await q
    .select({ operationId: plans.operationId })
    .from(plans)
    .where(and(eq(plans.id, planId), planScope(actor)))
    .limit(1);
  return rows[0]?.operationId ?? null;
}

/**
 * The one access check for writes, run before the transaction. A record outside the actor's
 * scope is NOT_FOUND whatever the action, so ids cannot be probed; a visible record the role may
 * not act on is FORBIDDEN.
 */
export async function authorize(actor: Actor, action: Action, target?: Target, db?: Executor): Promise<void> {
  const kind = ACTIONS[action].target;
  // Every refusal names who, what and which record, for the audit log (lib/auth/denials).
  const denial = (entity: Pick<Denial, 'entityType' | 'entityId'>, answer: Denial['answer']): Denial => ({ actorUserId: actor.id, capability: action, ...entity, answer });
  if (kind === 'operation') {
    const id = target && 'operationId' in target ? target.operationId : undefined;
    if (!id || !(await canSeeOperation(actor, id, db))) throw notFoundError(denial(id ? { entityType: 'operation', entityId: id } : { entityType: 'capability', entityId: action }, 'not_found'));
  } else if (kind === 'plan') {
    const id = target && 'planId' in target ? target.planId : undefined;
    if (!id || !(await canSeePlan(actor, id, db))) throw notFoundError(denial(id ? { entityType: 'plan', entityId: id } : { entityType: 'capability', entityId: action }, 'not_found'));
  }
  if (!roleMayAttempt(actor.role, action)) {
    const entity = target && 'planId' in target ? { entityType: 'plan' as const, entityId: target.planId } : target && 'operationId' in target ? { entityType: 'operation' as const, entityId: target.operationId } : { entityType: 'capability' as const, entityId: action };
    throw forbiddenError(denial(entity, 'forbidden'));
  }
}
