import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb, type Db } from '@/db/client';
import { auditEvents, plans } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { spawnSync } from 'node:child_process';
import { adminUrl, databaseUrlFor } from './support/pg-admin';
import { databaseLabel } from './support/test-db';
import { commandArgs, ensureCommands } from '../../scripts/ensure-build';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mmp-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function snapshot(db: Db) {
  const p = await db.select({ id: plans.id, status: plans.status, version: plans.version, decidedOn: plans.decidedOn }).from(plans).orderBy(asc(plans.id));
  const a = await db.select({ id: auditEvents.id, action: auditEvents.action, entityId: auditEvents.entityId }).from(auditEvents).orderBy(asc(auditEvents.id));
  return { plans: p, audit: a };
}

async function createDatabase(name: string): Promise<string> {
  const url = process.env.DATABASE_URL!;
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrlFor(url, name);
}

describe(`backup and restore on ${databaseLabel}`, () => {
  it('a restored copy holds the same plans and audit log, and the audit log is still append-only', async () => {
    const pg = Boolean(process.env.DATABASE_URL);
    const sourceUrl = pg ? await createDatabase(`mmp_bk_src_${process.pid}`) : '';
    const targetUrl = pg ? await createDatabase(`mmp_bk_dst_${process.pid}`) : '';
    const sourceDir = path.join(dir, 'source');
    const targetDir = path.join(dir, 'target');
    const file = path.join(dir, pg ? 'backup.dump' : 'backup.tar.gz');

    const source = pg ? await openDb({ mode: 'postgres', url: sourceUrl }) : await openDb({ mode: 'embedded', dataDir: sourceDir });
    await migrateDb(source);
    await seedDatabase(source.db, { demo: true, today: '2026-11-30' });
    const before = await snapshot(source.db);
    await source.close();
    expect(before.plans.length).toBeGreaterThanOrEqual(20);
    expect(before.audit.length).toBeGreaterThanOrEqual(20);

    // The real commands, compiled as `npm run db:backup` runs them, each in its own process.
    ensureCommands();
    const npmRun = (script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, commandArgs(script, ...args), {
        encoding: 'utf8',
        env: { ...process.env, ...env, ...(pg ? {} : { DATABASE_URL: '' }) },
      });
    const backup = npmRun('db-backup', ['--out', file], pg ? { DATABASE_URL: sourceUrl } : { MMP_DATA_DIR: sourceDir });
    expect(backup.stdout + backup.stderr).toContain('Backed up');
    const restore = npmRun('db-restore', [file], pg ? { DATABASE_URL: targetUrl } : { MMP_DATA_DIR: targetDir });
    expect(restore.stdout + restore.stderr).toContain('Restored');
    if (!pg) {
      const again = npmRun('db-restore', [file], { MMP_DATA_DIR: targetDir });
      expect(again.stderr).toMatch(/already holds a database/);
      expect(again.status).not.toBe(0);
    }
    const target = pg ? await openDb({ mode: 'postgres', url: targetUrl }) : await openDb({ mode: 'embedded', dataDir: targetDir });
    try {
      expect(await snapshot(target.db)).toEqual(before);
      await expect(target.db.execute(sql`update audit_events set action = 'tampered'`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
    } finally {
      await target.close();
    }
  }, 240_000); // Two embedded databases, a dump and a restore: minutes on a busy two-core machine.
});
