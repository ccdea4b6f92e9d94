import 'server-only';
import path from 'node:path';
import { migrateDb, openDb, type Db, type DbHandle, type DbOptions } from '@/db/client';
import { seedReference } from '@/db/seed/reference';
import { getEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { serverTimingEnabled, timeQueries } from '@/lib/net/request-timing';

// The process's database: opened once from the configuration (db/client.ts opens it as told), its
// idle-client faults logged, its queries timed when the benchmark asks (MMP_SERVER_TIMING=1).

/** The database the configuration names: DATABASE_URL's server, or the embedded folder. */
export function optionsFromEnv(): DbOptions {
  const env = getEnv();
  if (env.DATABASE_URL) return postgresOptions(env.DATABASE_URL, env.PG_POOL_MAX);
  return { mode: 'embedded', dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MMP_DATA_DIR) };
}

/** A PostgreSQL server's options, as every process of the portal opens one: logged and (when asked) timed. */
export function postgresOptions(url: string, poolMax?: number): DbOptions {
  return {
    mode: 'postgres',
    url,
    poolMax,
    onIdleError: (err) => getLogger('db').error({ err: { message: err.message, code: err.code } }, 'idle client error'),
    // The benchmark's per-request database time (lib/net/request-timing.ts); off unless asked for.
    onConnect: serverTimingEnabled() ? timeQueries : undefined,
  };
}

// On globalThis: the server script and the bundled app are separate module instances in one process.
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
