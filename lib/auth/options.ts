import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { authSecret, publicOrigin } from '@/lib/env';
import { clientAddress } from '@/lib/net/client-address';
import { logRequestError } from '@/lib/log';
import { GENERIC_SIGN_IN_ERROR, verifyCredentials } from './credentials';
import type { Role } from './roles';
import { revokeSession } from './sessions';

// next-auth 4 (the stable line): email + password, JWT sessions in an httpOnly cookie. The token
// carries the user id and a session version; every request re-reads the user (lib/auth/session),
// so a role change, a disabled account or "sign out everywhere" takes effect at once.
// next-auth builds its own redirects from NEXTAUTH_URL; it is the portal's public address, never a
// request's Host or X-Forwarded-Host.
process.env.NEXTAUTH_URL ??= publicOrigin();

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 15 * 60 },
  useSecureCookies: publicOrigin().startsWith('https://'),
  pages: { signIn: '/sign-in', error: '/sign-in' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
        // Asked only of an account with a second factor, after its password was right.
        code: { label: 'Code', type: 'text' },
        // Or a passkey's answer (WebAuthn, JSON), instead of the code.
        passkey: { label: 'Passkey', type: 'text' },
      },
      async authorize(credentials, req) {
        const email = typeof credentials?.email === 'string' ? credentials.email : '';
        const password = typeof credentials?.password === 'string' ? credentials.password : '';
        const code = typeof credentials?.code === 'string' ? credentials.code.slice(0, 40) : '';
        const passkey = typeof credentials?.passkey === 'string' && credentials.passkey.length <= 16_000 ? credentials.passkey : undefined;
        if (!email || !password || email.length > 320 || password.length > 200) throw new Error(GENERIC_SIGN_IN_ERROR);
        try {
          const user = await verifyCredentials({ email, password, code, passkey, ip: clientAddress(req?.headers) });
          if (!user) throw new Error(GENERIC_SIGN_IN_ERROR);
          return { id: user.id, name: user.name, email: user.email, role: user.role, sessionVersion: user.sessionVersion, sessionId: user.sessionId };
        } catch (err) {
          if (err instanceof AppError) throw new Error(err.message);
          if (err instanceof Error && err.message === GENERIC_SIGN_IN_ERROR) throw err;
          logRequestError('auth', 'sign-in failed unexpectedly', err);
          throw new Error('We could not sign you in just now. Please try again in a moment.');
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; role: Role; sessionVersion: number; sessionId: string };
        token.uid = u.id;
        token.role = u.role;
        token.sv = u.sessionVersion;
        token.sid = u.sessionId;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, uid: token.uid as string | undefined, sv: token.sv as number | undefined, sid: token.sid as string | undefined };
    },
  },
  events: {
    async signOut({ token }) {
      const uid = token?.uid as string | undefined;
      if (!uid) return;
      const db = await getDb();
      // The session ends on the server, not only in this browser: a copy of the cookie is dead too.
      await db.transaction(async (tx) => {
        await revokeSession(tx, String(token?.sid ?? ''));
        await recordAudit(tx, { actorUserId: uid, action: 'auth.sign_out', entityType: 'user', entityId: uid });
      });
    },
  },
};
