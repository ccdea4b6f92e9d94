import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb, queryRows, type DbHandle } from '@/db/client';
import { optionsFromEnv } from '@/lib/db';
import { useLogDestination } from '@/lib/log';
import { adminUrl, databaseUrlFor } from './support/pg-admin';

// A PostgreSQL server that restarts or fails over drops the pool's idle connections. The portal
// must log that once, in its JSON log, and go on answering from new connections: an 'error' that
// no one handled would stop the whole process.
describe.skipIf(!process.env.DATABASE_URL)('the process database when its server drops idle connections, on PostgreSQL', () => {
  const name = `mmp_pool_${randomBytes(5).toString('hex')}`;
  // Made in beforeAll: the body of a skipped describe still runs, where there is no DATABASE_URL.
  let admin: Client;
  let handle: DbHandle | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    admin = new Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterEach(() => useLogDestination(null));
  afterAll(async () => {
    await handle?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('logs the lost connection as a database error and answers the next query', async () => {
    useLogDestination(new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString('utf8')), done()) }), 'info');
    // The configuration's options (with their hooks), pointed at this file's own database.
    const configured = optionsFromEnv();
    expect(configured.mode).toBe('postgres');
    handle = await openDb({ ...configured, url: databaseUrlFor(process.env.DATABASE_URL!, name) } as typeof configured);
    // Three connections, left idle in the pool.
    await Promise.all([1, 2, 3].map(() => queryRows(handle!.db, sql`select pg_sleep(0.05)`)));
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    expect(rowCount).toBeGreaterThan(0);
    // Each terminated client reports on its own; the pool drops it as it reports. The next query is
    // asked once every one has been dropped, or it could be handed one whose notice is on its way.
    await expect.poll(() => lines.filter((l) => l.includes('idle client error')).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(rowCount ?? 1);
    const logged = JSON.parse(lines.find((l) => l.includes('idle client error'))!) as { level: string; component: string; err: { code?: string } };
    expect(logged).toMatchObject({ level: 'error', component: 'db' });
    expect(logged.err.code).toBe('57P01'); // admin_shutdown: what a terminated backend reports
    const [row] = await queryRows<{ ok: number }>(handle.db, sql`select 1 as ok`);
    expect(row?.ok).toBe(1);
  });
});
