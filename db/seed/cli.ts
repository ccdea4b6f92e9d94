// `npm run db:seed`: counties always, and the demo data set into an empty portal.
// `--no-demo` loads only the reference data.
import { today } from '@/lib/clock';
import { migrateDb, openDb, optionsFromEnv } from '../client';
import { seedDatabase } from './index';

async function main() {
  const demo = !process.argv.includes('--no-demo');
  const handle = await openDb(optionsFromEnv());
  try {
    await migrateDb(handle);
    const result = await seedDatabase(handle.db, { demo, today: today(), portfolio: demo });
    console.log(
      result.demo === 'loaded'
        ? `Seeded the ${handle.mode} database: 99 counties, 6 field offices and the demo data set.`
        : `Seeded the ${handle.mode} database: 99 counties and 6 field offices (demo data ${demo ? 'already present' : 'not requested'}).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
