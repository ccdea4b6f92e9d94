// `npm start`: prepares the database (embedded by default), builds the app if the build is missing
// or older than the sources, then serves it at http://localhost:${PORT:-3000}.
import { spawn } from 'node:child_process';
import { describeFailure } from '@/db/errors';
import { ensureBuild, serverArgs } from './ensure-build';
import { prepareDatabase } from './prepare-db';

async function main() {
  console.log(await prepareDatabase());
  ensureBuild();
  const port = process.env.PORT ?? '3000';
  console.log(`Starting the portal at http://localhost:${port}`);
  const server = spawn(process.execPath, serverArgs(), {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const stop = (signal: NodeJS.Signals) => server.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error(describeFailure('Could not start the portal', err, process.env.DATABASE_URL));
  process.exit(1);
});
