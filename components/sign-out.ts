/**
 * Ends this browser's session through next-auth's own endpoints, as next-auth's client does: read
 * the CSRF token, then post it to the sign-out endpoint, which clears the cookie and ends the session
 * on the server (lib/auth/options: events.signOut revokes it and audits). Written here rather than
 * imported from `next-auth/react`, whose client (its session provider and generator helpers) would
 * otherwise ship with every signed-in page for this one call: 10 KB as the portal sends it (brotli), on a slow rural link.
 * Relative addresses: the portal may be reached by several host names. Throws when the portal
 * cannot be reached or refuses, so the caller can say so.
 */
export async function signOutOfPortal(): Promise<void> {
  const csrf = await fetch('/api/auth/csrf', { cache: 'no-store' });
  if (!csrf.ok) throw new Error(`csrf ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken?: unknown };
  if (typeof csrfToken !== 'string') throw new Error('no csrf token');
  const res = await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true' }),
  });
  if (!res.ok) throw new Error(`signout ${res.status}`);
}
