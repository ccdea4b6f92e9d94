// Helpers for test databases on a PostgreSQL server: the admin connection goes to the `postgres`
// maintenance database of the same server.
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function templateDbName(): string {
  return `mmp_tpl_${process.pid}`;
}

export function databaseUrlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
