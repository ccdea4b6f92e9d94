import 'server-only';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import { forbiddenError } from '@/lib/errors';
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
export async function requireCapability(capability: Action, returnTo?: string): Promise<Actor> {
  const actor = await requireActor(returnTo);
  if (!roleMayAttempt(actor.role, capability)) {
    const refusal = forbiddenError({ actorUserId: actor.id, capability, entityType: 'capability', entityId: capability, answer: 'forbidden' });
    await recordDenial(refusal, clientAddress(await headers()));
    forbidden();
  }
  return actor;
}
