// `npm run db:seed`: counties always, and the demo data set into an empty portal.
// `--no-demo` loads only the reference data.
import '@/emails/register';
import { migrateDb, openDb } from '@/db/client';
import { optionsFromEnv } from '@/lib/db';
import { databaseLabel, demoOutcome } from '@/db/messages';
import { seedDatabase } from '@/lib/demo';
import { today } from '@/lib/clock';

async function main() {
  const demo = !process.argv.includes('--no-demo');
  const options = optionsFromEnv();
  const handle = await openDb(options);
  try {
    await migrateDb(handle);
    const result = await seedDatabase(handle.db, { demo, today: today(), portfolio: demo });
    console.log(`Seeded ${databaseLabel(options)}: 99 counties and 6 field offices; ${demoOutcome(result.demo)}.`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
