import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file], {
    maxBuffer: 16 * 1024 * 1024,
  });
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
