import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import * as schema from './schema';
import type { Db, Executor } from './types';

// The one place that chooses the database: no DATABASE_URL -> PGlite (embedded PostgreSQL) stored
// in MMP_DATA_DIR; DATABASE_URL -> a PostgreSQL server through a pg Pool. Everything above this
// module sees the same drizzle API. It is given its options (lib/db.ts reads them from the
// configuration and opens the process's database), so it needs nothing from the layers above.
export type { Db, Executor, Schema, Tx } from './types';

export type DbHandle = {
  db: Db;
  mode: 'embedded' | 'postgres';
  close: () => Promise<void>;
};

type QueryLogger = { logQuery: (query: string, params: unknown[]) => void };
/** A pooled PostgreSQL client, as `onConnect` is given it. */
export type PooledClient = { query: (...args: never[]) => unknown };

export type DbOptions = (
  | {
      mode: 'postgres';
      url: string;
      poolMax?: number;
      /** Told when an idle client loses its server (restart, failover); the pool replaces it. */
      onIdleError?: (err: Error & { code?: unknown }) => void;
      /** Given each new client of the pool (the benchmark times its queries). */
      onConnect?: (client: PooledClient) => void;
    }
  | { mode: 'embedded'; dataDir?: string; loadDataDir?: Blob }
) & { logger?: QueryLogger };

export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations');

/**
 * How long a pooled PostgreSQL connection may sit idle before the pool closes it (pg's default is
 * 10 s). Shorter than the server's wait before its idle collection (lib/net/idle-memory.ts), so that
 * the connections a burst opened are closed first and what they held (each keeps a read buffer as
 * large as the largest answer it received) is collected with the rest, not left until the next one.
 */
export const POOL_IDLE_MS = 5_000;

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.mode === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: options.url, max: options.poolMax ?? 10, idleTimeoutMillis: POOL_IDLE_MS });
    // An idle client losing its server (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => options.onIdleError?.(err));
    // A client in use (inside a transaction) when its server goes away also emits 'error', and an
    // 'error' event nobody listens to crashes the process. Its caller already gets the failure from
    // the query it was running (or the next one), and the pool drops the broken client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const { onConnect } = options;
    if (onConnect) pool.on('connect', (client) => onConnect(client as unknown as PooledClient));
    const db = drizzle(pool, { schema, logger: options.logger }) as unknown as Db;
    return { db, mode: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client;
  if (options.loadDataDir) {
    client = new PGlite({ loadDataDir: options.loadDataDir });
  } else if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as Db;
  return { db, mode: 'embedded', close: () => client.close() };
}

/**
 * Applies the committed drizzle-kit migrations, then upgrades the plan documents stored by earlier
 * releases (db/upgrades/plan-documents.ts, once). Serialized by an advisory lock on PostgreSQL.
 */
export async function migrateDb(handle: DbHandle): Promise<void> {
  const { upgradePlanDocuments } = await import('./upgrades/plan-documents');
  if (handle.mode === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { sql } = await import('drizzle-orm');
    await handle.db.execute(sql`select pg_advisory_lock(4590312)`);
    try {
      await migrate(handle.db as never, { migrationsFolder });
      await upgradePlanDocuments(handle.db);
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(4590312)`);
    }
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(handle.db as never, { migrationsFolder });
  await upgradePlanDocuments(handle.db);
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs independent queries together on a pool, but one after another inside a transaction: a
 * transaction holds one connection, which answers one query at a time (pg refuses to queue them).
 */
export async function allOf<T extends readonly unknown[]>(db: Executor, work: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const { PgTransaction } = await import('drizzle-orm/pg-core');
  const thunks = work as unknown as (() => Promise<unknown>)[];
  if (!(db instanceof PgTransaction)) return (await Promise.all(thunks.map((w) => w()))) as unknown as T;
  const out: unknown[] = [];
  for (const w of thunks) out.push(await w());
  return out as unknown as T;
}
