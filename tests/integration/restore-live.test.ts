import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '@/db/client';
import { seedDatabase } from '@/lib/demo';
import { adminUrl, databaseUrlFor } from './support/pg-admin';
import { commandArgs, ensureCommands } from '../../scripts/ensure-build';

// `npm run db:restore` over a database that already holds a running portal (its tables, its
// drizzle journal and pg-boss's partitioned job tables), twice, while a server's pool stays
// connected: every table of every schema ends with the backup's rows, and the audit log is the
// backup's audit log.
const server = process.env.DATABASE_URL;
const dir = mkdtempSync(path.join(os.tmpdir(), 'mmp-restore-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Pg = import('pg').Client;

async function admin<T>(work: (c: Pg) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: adminUrl(server!) });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function freshDatabase(name: string): Promise<string> {
  await admin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  return databaseUrlFor(server!, name);
}

/** A portal database as the server leaves it: migrated, seeded, with pg-boss's schema and schedule. */
async function livePortal(url: string, today: string): Promise<void> {
  const handle = await openDb({ mode: 'postgres', url });
  await migrateDb(handle);
  await seedDatabase(handle.db, { demo: true, today });
  await handle.close();
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 1 });
  await boss.start();
  await boss.createQueue('mmp-daily', { name: 'mmp-daily' });
  await boss.schedule('mmp-daily', '0 6 * * *', {}, { tz: 'America/Chicago' });
  await boss.send('mmp-daily', { from: today });
  await boss.stop({ graceful: false, wait: true });
}

/** Every table in every schema the portal uses, with its row count, and the audit log itself. */
async function inventory(url: string) {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname in ('public', 'pgboss', 'drizzle') order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = Number((await c.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]!.n);
    const audit = await c.query(`select id, occurred_at, actor_user_id, action, entity_type, entity_id, before, after from audit_events order by id`);
    return { counts, audit: audit.rows };
  } finally {
    await c.end();
  }
}

// The compiled command, as `npm run db:restore` runs it.
const restoreCommand = (file: string, url: string) => {
  ensureCommands();
  return spawnSync(process.execPath, commandArgs('db-restore', file), { encoding: 'utf8', env: { ...process.env, DATABASE_URL: url } });
};

describe.runIf(server)('restore over a live portal database on PostgreSQL', () => {
  it('restores twice into the same database: every table’s row count and the audit log match the backup', async () => {
    const sourceUrl = await freshDatabase('mmp_ops_restore_src');
    const targetUrl = await freshDatabase('mmp_ops_restore_live');
    await livePortal(sourceUrl, '2026-11-30');
    // The live database holds other data: the demo loaded on another day, and more pg-boss jobs.
    await livePortal(targetUrl, '2027-06-15');
    const file = path.join(dir, 'portal.dump');
    ensureCommands();
    const backup = spawnSync(process.execPath, commandArgs('db-backup', '--out', file), {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: sourceUrl },
    });
    expect(backup.stdout + backup.stderr).toContain('Backed up the postgres database');

    const expected = await inventory(sourceUrl);
    expect(Object.keys(expected.counts)).toEqual(expect.arrayContaining(['public.plans', 'public.audit_events', 'drizzle.__drizzle_migrations', 'pgboss.job', 'pgboss.schedule']));
    expect(expected.counts['public.plans']).toBeGreaterThanOrEqual(20);
    expect(expected.counts['pgboss.schedule']).toBe(1);
    expect(await inventory(targetUrl)).not.toEqual(expected);

    // A server's connection pool, connected throughout, as a running portal's would be.
    const live = await openDb({ mode: 'postgres', url: targetUrl, poolMax: 2 });
    try {
      const figures: string[] = [];
      for (const round of [1, 2]) {
        const r = restoreCommand(file, targetUrl);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(r.stdout).toContain(`Restored ${file} into the postgres database`);
        const got = await inventory(targetUrl);
        expect(got.counts).toEqual(expected.counts);
        expect(got.audit).toEqual(expected.audit);
        figures.push(`restore ${round}: ${Object.keys(got.counts).length} tables, ${Object.values(got.counts).reduce((a, b) => a + b, 0)} rows, ${got.audit.length} audit events`);
      }
      // The server's pool keeps working on the restored data.
      const { sql } = await import('drizzle-orm');
      const rows = (await live.db.execute(sql`select count(*)::int as n from plans`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(expected.counts['public.plans']);
      // The restored audit log is still append-only.
      await expect(live.db.execute(sql`update audit_events set action = 'tampered'`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
      const nonEmpty = Object.entries(expected.counts).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`);
      console.info(`${figures.join('\n')}\nrows per table (backup = after each restore): ${nonEmpty.join(', ')}`);
    } finally {
      await live.close();
    }
  });

  it('leaves the database as it was when the backup file is damaged', async () => {
    const targetUrl = databaseUrlFor(server!, 'mmp_ops_restore_live');
    const before = await inventory(targetUrl);
    const bad = path.join(dir, 'damaged.dump');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, 'PGDMP this is not a backup');
    const r = restoreCommand(bad, targetUrl);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Restore failed');
    expect(await inventory(targetUrl)).toEqual(before);
    await admin(async (c) => {
      await c.query('drop database if exists mmp_ops_restore_src with (force)');
      await c.query('drop database if exists mmp_ops_restore_live with (force)');
    });
  });
});
