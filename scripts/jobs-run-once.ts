// `npm run jobs:run-once`: runs the daily job now (reminders, SAFO elections, county digests,
// delivery) against DATABASE_URL or the embedded database, and prints what it did. Safe to repeat:
// a reminder already queued is not queued again.
import '@/emails/register';
import { closeDb, getDb } from '@/lib/db';
import { describeFailure } from '@/db/errors';
import { databaseMode, getEnv } from '@/lib/env';
import { describeDailyRun, runDailyJob } from '@/lib/jobs/daily';
import { embeddedServerPid, serverPidFile } from '@/lib/jobs/server-lock';

async function main(): Promise<number> {
  if (databaseMode() === 'embedded') {
    const dataDir = getEnv().MMP_DATA_DIR;
    const pid = embeddedServerPid(dataDir);
    if (pid) {
      console.error(
        `The portal server (process ${pid}) has the embedded database in ${dataDir} open. A second process would ` +
          'not see its changes, so this script will not open it. The server runs the daily job itself each day; ' +
          `stop the server to run the job by hand (or remove ${serverPidFile(dataDir)} if no server is running).`,
      );
      return 2;
    }
  }
  await getDb(); // the embedded database migrates itself on open
  const result = await runDailyJob({ onProgress: (line) => console.log(line) });
  console.log(describeDailyRun(result));
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(describeFailure('The daily job failed', err, process.env.DATABASE_URL));
    await closeDb().catch(() => undefined);
    process.exit(1);
  });
