const BASE = 'http://portal.invalid';

/**
 * Only a path on this site may be used as a place to return to after signing in. Browsers drop
 * tabs and line breaks from addresses and read a backslash as a slash, so "/\t/evil.example" or
 * "/\\evil.example" would become "//evil.example", another site: any control character or
 * backslash refuses the value outright, and what is left must resolve to this site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
