import { z } from 'zod';
import { isIsoDate } from '@/lib/rules';
import { ApiProblem } from './problem';

// Keyset pagination: a cursor is the sort key of the last item of a page, opaque to clients
// (base64url JSON, tagged with the list it belongs to). A cursor that does not decode, or that
// belongs to another list, is refused rather than guessed at.
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

const cursorSchema = z.object({ l: z.string(), k: z.array(z.string().max(200)).min(1).max(3) });

export function encodeCursor(list: string, key: string[]): string {
  return Buffer.from(JSON.stringify({ l: list, k: key })).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What each part of a list's sort key holds; a part of another shape is refused before any query. */
export type CursorPart = 'text' | 'uuid' | 'date';
// A text part never holds a control character (a NUL cannot even reach the database as text).
const CONTROL = /[\u0000-\u001f\u007f]/;
const fits: Record<CursorPart, (v: string) => boolean> = { text: (v) => !CONTROL.test(v), uuid: (v) => UUID.test(v), date: isIsoDate };

export function decodeCursor(list: string, cursor: string | null, shape: readonly CursorPart[]): string[] | null {
  const arity = shape.length;
  if (cursor === null || cursor === '') return null;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ApiProblem('invalid-cursor', 'The cursor could not be read. Use the `next` cursor of a previous page as it was given.');
  }
  const c = cursorSchema.safeParse(parsed);
  if (!c.success || c.data.l !== list || c.data.k.length !== arity) {
    throw new ApiProblem('invalid-cursor', 'The cursor does not belong to this list. Use the `next` cursor of a previous page of the same list.');
  }
  if (!c.data.k.every((v, i) => fits[shape[i]!](v))) {
    throw new ApiProblem('invalid-cursor', 'The cursor does not hold a position in this list. Use the `next` cursor of a previous page as it was given.');
  }
  return c.data.k;
}

/** The `limit` query parameter: 1 to MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent. */
export function pageSize(raw: string | null): number {
  if (raw === null || raw === '') return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new ApiProblem('invalid-request', 'limit must be a whole number from 1 to 100.', { errors: [{ pointer: '#/query/limit', detail: 'Must be a whole number from 1 to 100.' }] });
  }
  const n = Number(raw);
  if (n > MAX_PAGE_SIZE) throw new ApiProblem('page-too-large', `limit is ${n}; a page holds at most ${MAX_PAGE_SIZE} items.`, { errors: [{ pointer: '#/query/limit', detail: `At most ${MAX_PAGE_SIZE}.` }] });
  return n;
}

/** A page of items, and the cursor of the next page when there is more. */
export function pageOf<T>(items: T[], limit: number, list: string, keyOf: (item: T) => string[]): { items: T[]; next: string | null } {
  const more = items.length > limit;
  const page = more ? items.slice(0, limit) : items;
  return { items: page, next: more ? encodeCursor(list, keyOf(page[page.length - 1]!)) : null };
}
