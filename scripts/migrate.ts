// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded folder).
import { migrateDb, openDb } from '@/db/client';
import { describeFailure } from '@/db/errors';
import { databaseLabel } from '@/db/messages';
import { optionsFromEnv } from '@/lib/db';

async function main() {
  const options = optionsFromEnv();
  const started = Date.now();
  const handle = await openDb(options);
  try {
    await migrateDb(handle);
    console.log(`Migrations applied to ${databaseLabel(options)} in ${Date.now() - started} ms.`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(describeFailure('Migration failed', err, process.env.DATABASE_URL));
  process.exit(1);
});
