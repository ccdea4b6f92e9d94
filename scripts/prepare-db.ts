// Runs before the server starts: migrates and, on an empty portal, loads the demo. PGlite must be
// prepared in this separate process *before* the server opens the folder (two processes on one
// PGlite folder do not see each other's writes), so this process closes it when done.
import { today } from '@/lib/clock';
import { migrateDb, openDb } from '@/db/client';
import { optionsFromEnv } from '@/lib/db';
import { seedDatabase } from '@/lib/demo';
import { describeFailure } from '@/db/errors';
import { databaseLabel, demoOutcome } from '@/db/messages';

export async function prepareDatabase(): Promise<string> {
  const options = optionsFromEnv();
  const handle = await openDb(options);
  try {
    await migrateDb(handle);
    // The embedded demo always has data to look at; a server gets the demo only when asked.
    const demo = handle.mode === 'embedded' || process.env.MMP_DEMO === '1';
    // The templates only where the demo may be loaded (its filings are acknowledged by mail): the
    // server holds its own, loaded by instrumentation.ts, so a copy here would only take memory.
    if (demo) await import('@/emails/register');
    const result = await seedDatabase(handle.db, { demo, today: today(), portfolio: demo });
    return `Database ready: ${databaseLabel(options)} (${demoOutcome(result.demo)})`;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && /prepare-db\.ts$/.test(process.argv[1])) {
  prepareDatabase()
    .then((msg) => console.log(msg))
    .catch((err) => {
      console.error(describeFailure('Could not prepare the database', err, process.env.DATABASE_URL));
      process.exit(1);
    });
}
