// The server the browser suite runs against: a production build on a freshly reset database with
// the demo loaded and the test clock enabled. Embedded by default (its own PGlite folder, never the
// demo's), or the PostgreSQL database in DATABASE_URL (reset to empty first).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureBuild, serverArgs } from './ensure-build';

async function resetPostgres(url: string) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  await client.end();
}

async function main() {
  process.env.MMP_TEST_CLOCK = '1';
  process.env.MMP_DEMO = '1';
  if (process.env.DATABASE_URL) {
    await resetPostgres(process.env.DATABASE_URL);
  } else {
    process.env.MMP_DATA_DIR ??= '.data/e2e';
    rmSync(path.resolve(process.env.MMP_DATA_DIR), { recursive: true, force: true });
  }
  const { prepareDatabase } = await import('./prepare-db');
  console.log(await prepareDatabase());
  ensureBuild();
  const port = process.env.PORT ?? '3100';
  // The browser reaches the server at this address; links in its emails point here.
  process.env.MMP_PUBLIC_URL ??= `http://127.0.0.1:${port}`;
  // A server on PostgreSQL needs its own secrets (sessions, and the test payment processor's signed
  // webhook): fresh ones per run.
  if (process.env.DATABASE_URL) {
    process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString('hex');
    process.env.MMP_PAYMENT_WEBHOOK_SECRET ??= randomBytes(32).toString('hex');
    // The test payment page, as in the embedded demo (a production server has it off unless asked).
    process.env.MMP_PAYMENT_PROVIDER ??= 'test';
  }
  const server = spawn(process.execPath, serverArgs(), {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error('e2e server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
