import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDb, openDb, queryRows, type DbHandle } from '@/db/client';
import { auditEvents, counties, fieldOffices } from '@/db/schema';
import { seedReference } from '@/db/seed/reference';
import { adminUrl, databaseUrlFor } from './support/pg-admin';
import { databaseLabel } from './support/test-db';

async function openEmpty(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({ mode: 'embedded' });
  const { Client } = await import('pg');
  const name = `mmp_empty_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = await openDb({ mode: 'postgres', url: databaseUrlFor(url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const drop = new Client({ connectionString: adminUrl(url) });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

describe(`migrations on ${databaseLabel}`, () => {
  it('apply from an empty database, twice without error, and load the 99 counties', async () => {
    const handle = await openEmpty();
    try {
      await migrateDb(handle);
      await migrateDb(handle); // a second run is a no-op
      const tables = await queryRows<{ table_name: string }>(
        handle.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = tables.map((r) => r.table_name);
      for (const t of ['operations', 'plans', 'plan_clock_events', 'fee_lines', 'email_outbox', 'audit_events', 'counties']) {
        expect(names).toContain(t);
      }
      await seedReference(handle.db);
      await seedReference(handle.db);
      const [c] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(counties);
      const [o] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(fieldOffices);
      expect(c?.n).toBe(99);
      expect(o?.n).toBe(6);
    } finally {
      await handle.close();
    }
  });

  it('makes the audit log append-only: UPDATE and DELETE are refused by the database', async () => {
    const handle = await openEmpty();
    try {
      await migrateDb(handle);
      const [row] = await handle.db
        .insert(auditEvents)
        .values({ action: 'job.daily_run', entityType: 'test', entityId: '1', after: { a: 1 } })
        .returning();
      await expect(handle.db.update(auditEvents).set({ action: 'plan.seeded' })).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
      await expect(handle.db.delete(auditEvents)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
      const rows = await handle.db.select().from(auditEvents);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.action).toBe(row?.action);
    } finally {
      await handle.close();
    }
  });
  it('numbers plans MMP-000001 onward and keeps every digit past a million (no two plans share a reference)', async () => {
    const handle = await openEmpty();
    try {
      await migrateDb(handle);
      const [col] = await queryRows<{ d: string }>(
        handle.db,
        sql`select column_default as d from information_schema.columns where table_schema = 'public' and table_name = 'plans' and column_name = 'reference_number'`,
      );
      const next = (n: number) => queryRows<{ r: string }>(handle.db, sql.raw(`select ${col!.d} as r from generate_series(1, ${n}) order by 1`));
      expect((await next(1)).map((x) => x.r)).toEqual(['MMP-000001']);
      await handle.db.execute(sql`select setval('plan_reference_seq', 999998)`);
      expect((await next(3)).map((x) => x.r).sort()).toEqual(['MMP-1000000', 'MMP-1000001', 'MMP-999999']);
    } finally {
      await handle.close();
    }
  });

  it('refuses to drop the copied plan tables while a filed plan has rows only there, and drops them when every filed plan has its submission', async () => {
    // The migrations up to the one before the tables go, as a database of the last release has them.
    const folder = mkdtempSync(path.join(tmpdir(), 'mmp-migrations-'));
    cpSync(path.resolve('db/migrations'), folder, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    const dropping = journal.entries.find((e) => e.tag.endsWith('plan_document_only_record'))!;
    for (const e of journal.entries.filter((x) => x.idx >= dropping.idx)) rmSync(path.join(folder, `${e.tag}.sql`));
    journal.entries = journal.entries.filter((e) => e.idx < dropping.idx);
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    const handle = await openEmpty();
    try {
      const { migrate } = handle.mode === 'postgres' ? await import('drizzle-orm/node-postgres/migrator') : await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as never, { migrationsFolder: folder });
      await seedReference(handle.db);
      const [op] = await queryRows<{ id: string }>(handle.db, sql`insert into operations (name, kind, county_fips) values ('Old Finisher', 'confinement', '19167') returning id`);
      const [filed] = await queryRows<{ id: string }>(handle.db, sql`insert into plans (operation_id, kind, status) values (${op!.id}, 'original', 'approved') returning id`);
      const [draft] = await queryRows<{ id: string }>(handle.db, sql`insert into plans (operation_id, kind, status) values (${op!.id}, 'original', 'draft') returning id`);
      for (const plan of [filed!, draft!]) {
        await handle.db.execute(sql`insert into plan_fields (plan_id, name, county_fips, acres) values (${plan.id}, 'Home 80', '19167', 80)`);
      }
      await expect(migrateDb(handle)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/^1 filed plan\(s\) hold fields, agreements or stockpiles only in plan_fields/) } });
      // Nothing was dropped.
      expect(await queryRows(handle.db, sql`select 1 from plan_fields`)).toHaveLength(2);

      // Once the filed plan's rows are in its frozen submission (filed again), the tables go; a draft's copied rows held nothing the form shows.
      await handle.db.execute(sql`insert into plan_submissions (plan_id, idempotency_key, submitted_on, snapshot) values (${filed!.id}, 'refiled', '2026-01-05', '{}'::jsonb)`);
      await migrateDb(handle);
      const tables = (await queryRows<{ t: string }>(handle.db, sql`select table_name as t from information_schema.tables where table_schema = 'public'`)).map((r) => r.t);
      expect(tables).not.toContain('plan_fields');
      expect(tables).not.toContain('land_agreements');
      expect(tables).not.toContain('stockpile_sites');
      expect(tables).toContain('plans');
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
