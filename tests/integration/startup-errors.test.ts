import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandArgs, ensureCommands } from '../../scripts/ensure-build';
import { databaseUrlFor } from './support/pg-admin';

// An operator who gets the database address wrong reads why, and what to do, from start-up,
// `npm run db:migrate` and `npm run jobs:run-once`, instead of "Failed query: select pg_advisory_lock".
// Each is run as npm runs it: `npm start` is scripts/start.mjs, the commands are compiled.
const COMMANDS = [
  { name: 'start-up', args: () => ['scripts/start.mjs'], failure: 'Could not start the portal' },
  { name: 'db:migrate', args: () => commandArgs('migrate'), failure: 'Migration failed' },
  { name: 'jobs:run-once', args: () => commandArgs('jobs-run-once'), failure: 'The daily job failed' },
] as const;

beforeAll(() => ensureCommands());

function run(args: string[], url: string) {
  const r = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    timeout: 60_000,
    // A configuration a production server accepts (npm start checks it first), so the database is what fails.
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development', MMP_JOBS: 'off', VITEST: '', NEXTAUTH_SECRET: 'a'.repeat(32), MMP_PUBLIC_URL: 'http://127.0.0.1:2698' },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const server = process.env.DATABASE_URL;

describe('database errors at start-up, migrate and the daily job', () => {
  for (const c of COMMANDS) {
    it(`${c.name}: a port nobody listens on is named with host, port and ECONNREFUSED`, () => {
      const r = run(c.args(), 'postgres://postgres@127.0.0.1:2699/mmp_ops_nowhere');
      expect(r.status).toBe(1);
      expect(r.out).toContain(`${c.failure}: Cannot connect to PostgreSQL at 127.0.0.1:2699: connection refused (ECONNREFUSED).`);
      expect(r.out).toContain('What to do: Start the PostgreSQL server, or correct the host and port in DATABASE_URL.');
      expect(r.out).not.toContain('pg_advisory_lock');
    });
  }

  it.runIf(server)('a database that does not exist is named, with the command that creates it', () => {
    for (const c of COMMANDS) {
      const r = run(c.args(), databaseUrlFor(server!, 'mmp_ops_missing_db'));
      expect(r.status).toBe(1);
      expect(r.out).toContain(`${c.failure}: PostgreSQL at`);
      expect(r.out).toContain('database "mmp_ops_missing_db" does not exist (3D000)');
      expect(r.out).toContain("create database mmp_ops_missing_db' && npm run db:migrate");
    }
  });

  it.runIf(server)('an unknown user is a refused sign-in, with what to check', () => {
    const url = new URL(server!);
    url.username = 'mmp_ops_nobody';
    url.password = '';
    for (const c of COMMANDS) {
      const r = run(c.args(), url.toString());
      expect(r.status).toBe(1);
      expect(r.out).toContain(`${c.failure}: PostgreSQL at`);
      expect(r.out).toMatch(/refused the sign-in: (role "mmp_ops_nobody" does not exist|password authentication failed for user "mmp_ops_nobody") \(28(000|P01)\)/);
      expect(r.out).toContain('Check the user name and password in DATABASE_URL (user mmp_ops_nobody)');
    }
  });
});
