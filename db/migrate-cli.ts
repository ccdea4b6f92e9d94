// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded folder).
import { migrateDb, openDb, optionsFromEnv } from './client';

async function main() {
  const options = optionsFromEnv();
  const started = Date.now();
  const handle = await openDb(options);
  try {
    await migrateDb(handle);
    console.log(`Migrations applied to the ${handle.mode} database in ${Date.now() - started} ms.`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('Migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
