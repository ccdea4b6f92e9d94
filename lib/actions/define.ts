import 'server-only';
import { z } from 'zod';
import { ACTIONS, type Action } from '@/lib/auth/actions';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { actorOrThrow } from '@/lib/auth/session';
import { AppError, type ActionResult } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation/parse';
import { runAction } from './run-action';

/** The input of an action a button calls with nothing: anything sent is refused as not valid. */
export const NO_INPUT = z.undefined();

/** What a defined server action's body is given: who is acting, and their input as the form's schema parsed it. */
export type ActionContext<S extends z.ZodType> = { actor: Actor; input: z.output<S> };

/**
 * The one way a server action is declared: its input schema and the capability (a row of ACTIONS in
 * lib/auth/actions.ts) it exercises. The wrapper does the common work in this order:
 * - finds the actor (a session that has ended is UNAUTHENTICATED);
 * - parses the input with the schema (field errors in plain words);
 * - authorizes a capability that acts on no record here, from the policy table; a capability on an
 *   operation or a plan is authorized by the service inside its transaction, with the record, so a
 *   record outside the actor's scope reads as not found whatever the role;
 * - answers whatever is thrown as the ActionResult the form shows, and audits a refusal (runAction).
 *
 * Used as `export const saveAction = defineAction({ input, capability }, async ({ actor, input }) => …)`
 * in a 'use server' file: the value is an async function, as Next requires of a server action.
 */
export function defineAction<S extends z.ZodType, T>(
  definition: {
    /** The form's schema, or one made for the request (a date rule reads today; a county official's form differs from the owner's). */
    input: S | ((actor: Actor) => S);
    capability: Action;
    /** A step of setting up one's second factor: staff who must enrol one may call it before they have. */
    enrolling?: boolean;
  },
  body: (ctx: ActionContext<S>) => Promise<ActionResult<T>>,
): (input?: unknown) => Promise<ActionResult<T>> {
  const { capability, enrolling = false } = definition;
  return async (raw?: unknown) =>
    runAction(async () => {
      const actor = await actorOrThrow({ enrolling });
      const schema = typeof definition.input === 'function' ? definition.input(actor) : definition.input;
      const input = parseOrThrow(schema, raw);
      if (ACTIONS[capability].target === 'none') await authorize(actor, capability);
      return body({ actor, input });
    });
}

/**
 * A server action that acts for nobody signed in: registering, a forgotten password, an invitation,
 * the emailed link a landowner or an owner of record answers (the link is the authority there), the
 * passkey step of sign-in. The wrapper parses the input with the form's schema and answers whatever
 * is thrown as the form's ActionResult; there is no capability to check, so the service checks the
 * token or the throttle it rests on.
 */
export function definePublicAction<S extends z.ZodType, T>(
  definition: {
    input: S;
    /** For an input no one typed (the token of an emailed link): what a malformed one answers, in the link's words rather than field errors. */
    malformed?: () => AppError;
  },
  body: (ctx: { input: z.output<S> }) => Promise<ActionResult<T>>,
): (input?: unknown) => Promise<ActionResult<T>> {
  const { input: schema, malformed } = definition;
  const parse = (raw: unknown): z.output<S> => {
    try {
      return parseOrThrow(schema, raw);
    } catch (err) {
      throw malformed ? malformed() : err;
    }
  };
  return async (raw?: unknown) => runAction(async () => body({ input: parse(raw) }));
}
