import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { portalFacts, users, userSessions } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { authOptions } from './options';
import { isSessionId } from './sessions';
import { hasSecondFactor, SECOND_FACTOR_EXPECTED } from './second-factor';
import { getEnv, staffSecondFactorPolicy } from '@/lib/env';
import { getLogger } from '@/lib/log';
import type { Actor } from './roles';

/**
 * The signed-in user for this request, re-read from the database with the session's own row: null
 * when signed out (the session row revoked), when the account was disabled, or when the session
 * predates a password reset or role change.
 */
/** Who is signed in, whatever they may do yet: for the page frame (their name and menu) only. */
export const getSessionActor = cache(async (): Promise<Actor | null> => {
  const session = (await getServerSession(authOptions)) as { uid?: string; sv?: number; sid?: string } | null;
  if (!session?.uid || !isSessionId(session.sid)) return null;
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      countyFips: users.countyFips,
      partyId: users.partyId,
      disabledAt: users.disabledAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .innerJoin(
      userSessions,
      and(eq(userSessions.id, session.sid), eq(userSessions.userId, users.id), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date())),
    )
    .where(eq(users.id, session.uid))
    .limit(1);
  if (!user || user.disabledAt || user.sessionVersion !== session.sv) return null;
  return { id: user.id, role: user.role, name: user.name, email: user.email, countyFips: user.countyFips, partyId: user.partyId };
});

/**
 * Must this staff account set up its second factor before anything else (MMP_STAFF_SECOND_FACTOR,
 * lib/env: required on a production server)? Owners, preparers, contractors and county officials
 * never must; they enrol to sign.
 */
export const mustEnrolSecondFactor = cache(async (actor: Actor): Promise<boolean> => {
  if (!SECOND_FACTOR_EXPECTED.includes(actor.role) || staffSecondFactorPolicy(getEnv(), await onDemoData()) !== 'required') return false;
  return !(await hasSecondFactor(actor.id));
});

let demoData: Promise<boolean> | undefined;
/** Does this database hold the demo (lib/demo/demo.ts records it)? Read once per process: data is seeded before the server starts. */
function onDemoData(): Promise<boolean> {
  demoData ??= getDb()
    .then((db) => db.select({ key: portalFacts.key }).from(portalFacts).where(eq(portalFacts.key, 'demo_data')).limit(1))
    .then((rows) => {
      const demo = rows.length > 0;
      const env = getEnv();
      // Said once, where an operator reads it: this server exempts staff only because it holds the demo.
      if (demo && !env.MMP_STAFF_SECOND_FACTOR && staffSecondFactorPolicy(env, false) === 'required') {
        getLogger('auth').warn('this database holds the demo data, so staff sign in without a second factor; set MMP_STAFF_SECOND_FACTOR=required to require one');
      }
      return demo;
    })
    .catch((err: unknown) => {
      demoData = undefined;
      throw err;
    });
  return demoData;
}

/**
 * The signed-in user for this request: null when signed out, and for a staff account that must set
 * up its second factor first (only its account page and the setup actions see it, through
 * `requireActor('/account')` and `actorOrThrow({ enrolling: true })`).
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const actor = await getSessionActor();
  if (!actor || (await mustEnrolSecondFactor(actor))) return null;
  return actor;
});

/** Where a staff account without the second factor it must have is sent: its setup on the account page. */
export const ENROL_FIRST_PATH = '/account?setup=second-factor#second-factor-heading';

/** For pages: the actor, or a redirect to sign in (coming back to `returnTo`), or to set up a required second factor. */
export async function requireActor(returnTo?: string): Promise<Actor> {
  const actor = await getSessionActor();
  if (!actor) redirect(returnTo ? `/sign-in?callbackUrl=${encodeURIComponent(returnTo)}` : '/sign-in');
  if (returnTo !== '/account' && (await mustEnrolSecondFactor(actor))) redirect(ENROL_FIRST_PATH);
  return actor;
}

/**
 * For server actions and route handlers: the actor, or a typed error. A staff account that must set
 * up its second factor first is refused everything but the account page's own actions (`enrolling`).
 */
export async function actorOrThrow(options: { enrolling?: boolean } = {}): Promise<Actor> {
  const actor = await getSessionActor();
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again to continue; nothing you saved is lost.');
  if (!options.enrolling && (await mustEnrolSecondFactor(actor))) {
    throw new AppError('FORBIDDEN', 'The department requires a second factor for staff: set up an authenticator app on your account page first.');
  }
  return actor;
}
