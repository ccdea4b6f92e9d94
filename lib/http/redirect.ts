import { safeReturnPath } from '@/lib/url';

/**
 * A 303 to a page of the portal, by its path: the browser stays on the address it is using
 * (127.0.0.1, an intranet name, the public name), keeps its session cookie there, and the page's
 * form-action policy lets it follow. Links in email carry the public address; redirects never need it.
 */
export function seeOther(path: string): Response {
  const safe = safeReturnPath(path);
  if (!safe) throw new Error(`not a path of this portal: ${path}`);
  return new Response(null, { status: 303, headers: { Location: safe, 'Cache-Control': 'no-store' } });
}
