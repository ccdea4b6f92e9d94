import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';

// Backups: pg_dump / pg_restore (custom format) for a PostgreSQL server; for the embedded
// database, PGlite's own data-directory dump. Stop the embedded server before either: two
// processes must never open the same PGlite folder.
const run = promisify(execFile);

export async function backupPostgres(url: string, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url], { maxBuffer: 16 * 1024 * 1024 });
}

// Dropping the portal's schemas first, in the same transaction as the restore, is what makes a
// restore over a live portal database work: `pg_restore --clean` cannot drop pg-boss's partitioned
// job tables piece by piece ("cannot drop inherited constraint"). Either the whole backup is in
// place when the transaction commits, or nothing changed.
const REPLACE_SCHEMAS = `set lock_timeout = '60s';
do $$
declare s record;
begin
  for s in select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema' loop
    execute format('drop schema %I cascade', s.nspname);
  end loop;
end $$;
create schema public;
`;

/**
 * Replaces everything in the database at `url` (public, pgboss, drizzle: every schema) with the
 * backup, in one transaction. Servers still connected keep working on the restored data.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'mmp-restore-'));
  try {
    // The whole backup as SQL first (a damaged file stops here, before anything is dropped), then
    // psql runs the drop and the backup as one transaction that stops at the first error.
    const replace = path.join(work, 'replace.sql');
    const backup = path.join(work, 'backup.sql');
    writeFileSync(replace, REPLACE_SCHEMAS);
    await run('pg_restore', ['--no-owner', '--no-acl', `--file=${backup}`, file], { maxBuffer: 16 * 1024 * 1024 });
    await run('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--file=${replace}`, `--file=${backup}`, `--dbname=${url}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  try {
    await db.waitReady;
    // PGlite's own gzip option stalls on large folders here; node's zlib does the compression.
    const dump = await db.dumpDataDir('none');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, gzipSync(Buffer.from(await dump.arrayBuffer())));
  } finally {
    await db.close();
  }
}

export async function restoreEmbedded(dataDir: string, file: string, force = false): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0 && !force) {
    throw new Error(`${dataDir} already holds a database; move it aside or pass --force`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(gunzipSync(readFileSync(file)))]) });
  await db.waitReady;
  await db.close();
}

export function defaultBackupFile(mode: 'postgres' | 'embedded'): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join('backups', `mmp-${mode}-${stamp}.${mode === 'postgres' ? 'dump' : 'tar.gz'}`);
}
