import 'server-only';
import { headers } from 'next/headers';
import { forbidden, notFound } from 'next/navigation';
import { AppError, forbiddenError } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';
import { roleMayAttempt, type Action } from './actions';
import { recordDenial } from './denials';
import type { Actor } from './roles';
import { requireActor } from './session';

/**
 * For pages: the actor if the policy table (ACTIONS, lib/auth/actions.ts) gives their role the
 * capability the page serves, else the 403 page, the refusal recorded in the audit log like any
 * other. A page about one record then loads it in the actor's scope, and answers 404 outside it.
 */
export async function requireCapability(capability: Action | readonly Action[], returnTo?: string): Promise<Actor> {
  const actor = await requireActor(returnTo);
  // A page serving two capabilities (an owner registers an operation, a preparer registers one for a client) opens on either.
  const any = typeof capability === 'string' ? [capability] : capability;
  if (!any.some((c) => roleMayAttempt(actor.role, c))) {
    const named = any[0]!;
    const refusal = forbiddenError({ actorUserId: actor.id, capability: named, entityType: 'capability', entityId: any.join(' '), answer: 'forbidden' });
    await recordDenial(refusal, clientAddress(await headers()));
    forbidden();
  }
  return actor;
}

/**
 * For pages: a record loaded in the actor's scope, or the 404 page. Every service that reads one
 * record for someone answers NOT_FOUND both for a record that does not exist and for one outside
 * the reader's scope, so a page tells neither apart: `const plan = await inScope(getPlanPage(actor, id))`.
 */
export async function inScope<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') notFound();
    throw err;
  }
}
