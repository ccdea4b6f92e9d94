import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db/client';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { authSecret, publicOrigin } from '@/lib/env';
import { GENERIC_SIGN_IN_ERROR, verifyCredentials } from './credentials';
import type { Role } from './roles';

// next-auth 4 (the stable line): email + password, JWT sessions in an httpOnly cookie. The token
// carries the user id and a session version; every request re-reads the user (lib/auth/session),
// so a role change, a disabled account or "sign out everywhere" takes effect at once.
// next-auth builds its own redirects from NEXTAUTH_URL; it is the portal's public address, never a
// request's Host or X-Forwarded-Host.
process.env.NEXTAUTH_URL ??= publicOrigin();

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export function clientAddress(headers: Record<string, unknown> | Headers | undefined): string {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const v = headers[name];
    return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined;
  };
  return get('x-forwarded-for')?.split(',')[0]?.trim() || get('x-real-ip') || 'unknown';
}

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 15 * 60 },
  useSecureCookies: publicOrigin().startsWith('https://'),
  pages: { signIn: '/sign-in', error: '/sign-in' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, req) {
        const email = typeof credentials?.email === 'string' ? credentials.email : '';
        const password = typeof credentials?.password === 'string' ? credentials.password : '';
        if (!email || !password || email.length > 320 || password.length > 200) throw new Error(GENERIC_SIGN_IN_ERROR);
        try {
          const user = await verifyCredentials({ email, password, ip: clientAddress(req?.headers) });
          if (!user) throw new Error(GENERIC_SIGN_IN_ERROR);
          return { id: user.id, name: user.name, email: user.email, role: user.role, sessionVersion: user.sessionVersion };
        } catch (err) {
          if (err instanceof AppError) throw new Error(err.message);
          if (err instanceof Error && err.message === GENERIC_SIGN_IN_ERROR) throw err;
          console.error('[auth] sign-in failed unexpectedly:', err);
          throw new Error('We could not sign you in just now. Please try again in a moment.');
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; role: Role; sessionVersion: number };
        token.uid = u.id;
        token.role = u.role;
        token.sv = u.sessionVersion;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, uid: token.uid as string | undefined, sv: token.sv as number | undefined };
    },
  },
  events: {
    async signOut({ token }) {
      const uid = token?.uid as string | undefined;
      if (!uid) return;
      const db = await getDb();
      await recordAudit(db, { actorUserId: uid, action: 'auth.sign_out', entityType: 'user', entityId: uid });
    },
  },
};
