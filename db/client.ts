import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { getEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import * as schema from './schema';
import { serverTimingEnabled, timeQueries } from '@/lib/net/request-timing';

// The one place that chooses the database: no DATABASE_URL -> PGlite (embedded PostgreSQL) stored
// in MMP_DATA_DIR; DATABASE_URL -> a PostgreSQL server through a pg Pool. Everything above this
// module sees the same drizzle API.
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: services accept either so they compose. */
export type Executor = Db | Tx;

export type DbHandle = {
  db: Db;
  mode: 'embedded' | 'postgres';
  close: () => Promise<void>;
};

type QueryLogger = { logQuery: (query: string, params: unknown[]) => void };

export type DbOptions = (
  | { mode: 'postgres'; url: string; poolMax?: number }
  | { mode: 'embedded'; dataDir?: string; loadDataDir?: Blob }
) & { logger?: QueryLogger };

export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations');

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.mode === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle client losing its server (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => getLogger('db').error({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'idle client error'));
    // A client in use (inside a transaction) when its server goes away also emits 'error', and an
    // 'error' event nobody listens to crashes the process. Its caller already gets the failure from
    // the query it was running (or the next one), and the pool drops the broken client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // The benchmark's per-request database time (lib/net/request-timing.ts); off unless asked for.
    if (serverTimingEnabled()) pool.on('connect', (client) => timeQueries(client as unknown as { query: (...args: never[]) => unknown }));
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

/** Applies the committed drizzle-kit migrations. Serialized by an advisory lock on PostgreSQL. */
export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.mode === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { sql } = await import('drizzle-orm');
    await handle.db.execute(sql`select pg_advisory_lock(4590312)`);
    try {
      await migrate(handle.db as never, { migrationsFolder });
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(4590312)`);
    }
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(handle.db as never, { migrationsFolder });
}

export function optionsFromEnv(): DbOptions {
  const env = getEnv();
  if (env.DATABASE_URL) return { mode: 'postgres', url: env.DATABASE_URL, poolMax: env.PG_POOL_MAX };
  return { mode: 'embedded', dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MMP_DATA_DIR) };
}

const KEY = Symbol.for('mmp.db.handle');
type Holder = { [KEY]?: Promise<DbHandle> };
const holder = globalThis as Holder;

/**
 * The process-wide database. The embedded database migrates itself (and loads the counties) before
 * first use, so it serves on a fresh folder; a PostgreSQL server is migrated by `npm run db:migrate`.
 */
export function getDbHandle(): Promise<DbHandle> {
  holder[KEY] ??= (async () => {
    const handle = await openDb(optionsFromEnv());
    if (handle.mode === 'embedded') {
      await migrateDb(handle);
      const { seedReference } = await import('./seed/reference');
      await seedReference(handle.db);
    }
    return handle;
  })().catch((err) => {
    holder[KEY] = undefined;
    throw err;
  });
  return holder[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and scripts point the process at a database they opened themselves. */
export function useDbHandle(handle: DbHandle): void {
  holder[KEY] = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const pending = holder[KEY];
  holder[KEY] = undefined;
  if (pending) await (await pending).close();
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
