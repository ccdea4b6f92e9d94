import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDb, openDb } from '@/db/client';
import { seedReference } from '@/db/seed/reference';
import { adminUrl, templateDbName } from './support/pg-admin';

// Builds one migrated template (with the counties) per run: a PGlite data dump by default, or a
// PostgreSQL template database when DATABASE_URL is set. Each test file then starts from a copy.
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const name = templateDbName();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDb({ mode: 'postgres', url: target.toString() });
    await migrateDb(handle);
    await seedReference(handle.db);
    await handle.close();
    project.provide('dbTemplate', { mode: 'postgres', name });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const handle = await openDb({ mode: 'embedded' });
  await migrateDb(handle);
  await seedReference(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await handle.close();
  const dir = path.resolve('.data/test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { mode: 'embedded', name: file });
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { mode: 'embedded' | 'postgres'; name: string };
  }
}
