// Short-lived figures: the department's summary pages (compliance, fees ledger, due dates) read
// every operation in the state, so their figures are kept here for a minute and the page says when
// they were read ("figures as of 14:02"). One process, bounded in size; nothing here is state
// another instance needs. The caller checks the session and the role before it asks.
//
// - A fresh entry is served as is.
// - An entry past its time is served, with the time it was read, while one refresh runs behind it:
//   no request waits for the whole state to be read again. Only a key never read in this process
//   waits (the server reads the department's figures as it starts: warmDepartmentFigures).
// - Concurrent misses of one key share one read.
// - `invalidateFigures(prefix)` drops entries after a change made through the portal, so the
//   person who made it sees it on the next page; a read already under way is not stored.

import { getLogger } from '@/lib/log';

export type CachedFigures<T> = { value: T; asOf: Date };

type Entry = { value: unknown; asOf: number; ttlMs: number; refreshing: boolean };

const MAX_ENTRIES = 200;

// On globalThis, so that pages, server actions and route handlers, bundled apart, share one cache.
type State = { entries: Map<string, Entry>; pending: Map<string, Promise<CachedFigures<unknown>>>; generation: number };
const g = globalThis as typeof globalThis & { __mmpFiguresCache?: State };
const state: State = (g.__mmpFiguresCache ??= { entries: new Map(), pending: new Map(), generation: 0 });
const { entries, pending } = state;

let clock: () => number = Date.now;

/** For tests: the time the cache reads. */
export function setFiguresClock(now: (() => number) | null): void {
  clock = now ?? Date.now;
}

function store(key: string, value: unknown, asOf: number, ttlMs: number): void {
  entries.delete(key);
  entries.set(key, { value, asOf, ttlMs, refreshing: false });
  // Oldest first in a Map: drop the least recently used past the bound.
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

function load<T>(key: string, ttlMs: number, read: () => Promise<T>): Promise<CachedFigures<T>> {
  const running = pending.get(key);
  if (running) return running as Promise<CachedFigures<T>>;
  const startedIn = state.generation;
  const asOf = clock();
  const p: Promise<CachedFigures<T>> = read()
    .then((value) => {
      if (startedIn === state.generation) store(key, value, asOf, ttlMs);
      return { value, asOf: new Date(asOf) };
    })
    .finally(() => {
      if (pending.get(key) === p) pending.delete(key);
    });
  pending.set(key, p as Promise<CachedFigures<unknown>>);
  return p;
}

/** The figures under `key`, read by `read` at most about once per `ttlMs`. */
export async function cachedFigures<T>(key: string, ttlMs: number, read: () => Promise<T>): Promise<CachedFigures<T>> {
  const hit = entries.get(key);
  const now = clock();
  if (hit) {
    const age = now - hit.asOf;
    // Touch: most recently used last.
    entries.delete(key);
    entries.set(key, hit);
    if (age >= hit.ttlMs && !hit.refreshing) {
      hit.refreshing = true;
      load(key, ttlMs, read).catch((err: unknown) => {
        hit.refreshing = false;
        getLogger('figures').error({ key, error: err instanceof Error ? err.message : String(err) }, 'refreshing figures failed; the last ones are shown');
      });
    }
    return { value: hit.value as T, asOf: new Date(hit.asOf) };
  }
  return load(key, ttlMs, read);
}

/** Drops every entry whose key starts with `prefix` (after a change committed through the portal). */
export function invalidateFigures(prefix: string): void {
  state.generation++;
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  // A read under way began before the change: later requests start their own.
  for (const key of [...pending.keys()]) if (key.startsWith(prefix)) pending.delete(key);
}

/** How many entries are held (for tests and the benchmark's memory figure). */
export function figuresCacheSize(): number {
  return entries.size;
}
