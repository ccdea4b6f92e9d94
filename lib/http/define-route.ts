import 'server-only';
import { ACTIONS, roleMayAttempt, type Action } from '@/lib/auth/actions';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { getActor } from '@/lib/auth/session';
import { AppError, forbiddenError } from '@/lib/errors';
import { route } from './route-errors';

/** What a defined route handler's body is given: the request, the signed-in actor and the route's parameters. */
export type RouteContext<P> = { request: Request; actor: Actor; params: P };

/**
 * The one way a route handler a person signs in for is declared: the capability it exercises (a row
 * of ACTIONS, reads included). The wrapper finds the actor (none answers 401), authorizes a
 * capability on no record from the policy table (a refusal is audited and answers 403), and answers
 * every error as RFC 9457 problem details through route(). A capability on a plan or an operation
 * is authorized by the service that reads the record, so a record outside the scope answers 404.
 *
 * `export const GET = defineRoute({ capability: 'fee.read_ledger' }, async ({ request, actor }) => …)`
 */
export function defineRoute<P = Record<string, never>>(
  definition: {
    capability: Action;
    component?: string;
    signIn?: string;
    /**
     * An upload on a record: refuse a role that may not do this to any record before a byte of the
     * body is read (the record, named in the body, is checked in scope by the service afterwards).
     */
    roleBeforeBody?: boolean;
  },
  body: (ctx: RouteContext<P>) => Promise<Response>,
): (request: Request, segment: { params: Promise<P> }) => Promise<Response> {
  const { capability } = definition;
  return route(definition.component ?? capability, async (request: Request, segment?: { params: Promise<P> }) => {
    const actor = await getActor();
    if (!actor) throw new AppError('UNAUTHENTICATED', definition.signIn ?? 'Sign in to continue.');
    if (ACTIONS[capability].target === 'none') await authorize(actor, capability);
    else if (definition.roleBeforeBody && !roleMayAttempt(actor.role, capability)) {
      throw forbiddenError({ actorUserId: actor.id, capability, entityType: 'capability', entityId: capability, answer: 'forbidden' });
    }
    const params = segment ? await segment.params : ({} as P);
    return body({ request, actor, params });
  }) as (request: Request, segment: { params: Promise<P> }) => Promise<Response>;
}
