// A record id as the database keeps it (a UUID). Anything else in a path or form is "not found"
// before it reaches a query, where PostgreSQL would refuse it as a malformed value (a server error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
