// `npm run db:restore -- FILE [--force]`: restores a backup made by db:backup into DATABASE_URL
// (replacing every schema in it, pg-boss's included, in one transaction: it works over a live
// portal database) or into the embedded folder (which must be empty unless --force, and which no
// running server may hold).
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { embeddedServerPid } from '@/lib/jobs/server-lock';
import { restoreEmbedded, restorePostgres } from './backup/backup';

async function main() {
  const env = getEnv();
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('Name the backup file: npm run db:restore -- backups/mmp-....dump');
  if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, file);
  else if (embeddedServerPid(env.MMP_DATA_DIR)) {
    throw new Error(`the portal server (process ${embeddedServerPid(env.MMP_DATA_DIR)}) has ${env.MMP_DATA_DIR} open; stop it first`);
  } else await restoreEmbedded(path.resolve(env.MMP_DATA_DIR), file, process.argv.includes('--force'));
  console.log(`Restored ${file} into the ${env.DATABASE_URL ? 'postgres' : 'embedded'} database`);
}

main().catch((err) => {
  console.error('Restore failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
