// `npm run db:backup [-- --out FILE]`: a full backup of the portal's database.
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { backupEmbedded, backupPostgres, defaultBackupFile } from './backup/backup';

async function main() {
  const env = getEnv();
  const i = process.argv.indexOf('--out');
  const mode = env.DATABASE_URL ? 'postgres' : 'embedded';
  const file = i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : defaultBackupFile(mode);
  if (env.DATABASE_URL) await backupPostgres(env.DATABASE_URL, file);
  else await backupEmbedded(path.resolve(env.MMP_DATA_DIR), file);
  console.log(`Backed up the ${mode} database to ${file}`);
}

main().catch((err) => {
  console.error('Backup failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
