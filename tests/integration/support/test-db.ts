import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDb, type DbHandle, type DbOptions } from '@/db/client';
import { useDbHandle, closeDb } from '@/lib/db';
import { adminUrl, databaseUrlFor } from './pg-admin';

/** A fresh copy of the migrated template (counties loaded) for this test file. */
export async function openTestDb(options: { logger?: DbOptions['logger'] } = {}): Promise<DbHandle> {
  const template = inject('dbTemplate');
  if (template.mode === 'embedded') {
    const blob = new Blob([readFileSync(template.name)]);
    return openDb({ mode: 'embedded', loadDataDir: blob, logger: options.logger });
  }
  const url = process.env.DATABASE_URL!;
  const name = `mmp_t_${randomBytes(6).toString('hex')}`;
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  const handle = await openDb({ mode: 'postgres', url: databaseUrlFor(url, name), logger: options.logger });
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

/** Opens a test database for the file and makes it the process database for services. */
export function useTestDb(options: { logger?: DbOptions['logger'] } = {}): { get: () => DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDb(options);
    useDbHandle(handle);
  });
  afterAll(async () => {
    await closeDb();
  });
  return {
    get: () => {
      if (!handle) throw new Error('test database not open yet');
      return handle;
    },
  };
}

export const databaseLabel = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
