// `npm run drill [-- --only concurrency,fault,bad-input,two-instances]`: runs the resilience drills
// against a scratch database `mmp_drill` on the PostgreSQL server named by DATABASE_URL (default:
// the local server on 127.0.0.1:5432). Each drill prints what it did and what it found; the run
// fails if any finding breaks a promise. The fault drill restarts the local PostgreSQL cluster.
import '@/emails/register';
import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { openDb, migrateDb } from '@/db/client';
import { postgresOptions } from '@/lib/db';
import { seedDatabase } from '@/lib/demo';
import { today } from '@/lib/clock';
import type { Drill, DrillReport } from './drills/types';

const DRILLS: Record<string, () => Promise<Drill>> = {
  concurrency: async () => (await import('./drills/concurrency')).run,
  fault: async () => (await import('./drills/fault')).run,
  'bad-input': async () => (await import('./drills/bad-input')).run,
  'two-instances': async () => (await import('./drills/two-instances')).run,
};

// The scratch database (replaced at every drill): DRILL_DATABASE, default mmp_drill.
const DRILL_DATABASE = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.DRILL_DATABASE ?? '') ? process.env.DRILL_DATABASE! : 'mmp_drill';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshDatabase(serverUrl: string): Promise<string> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${DRILL_DATABASE} with (force)`);
  await admin.query(`create database ${DRILL_DATABASE}`);
  await admin.end();
  const url = withDatabase(serverUrl, DRILL_DATABASE);
  const handle = await openDb(postgresOptions(url, 2));
  try {
    await migrateDb(handle);
    await seedDatabase(handle.db, { demo: true, today: today() });
  } finally {
    await handle.close();
  }
  return url;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const i = process.argv.indexOf('--only');
  const names = i >= 0 && process.argv[i + 1] ? process.argv[i + 1]!.split(',') : Object.keys(DRILLS);
  const unknown = names.filter((n) => !DRILLS[n]);
  if (unknown.length) throw new Error(`unknown drill ${unknown.join(', ')}; choose from ${Object.keys(DRILLS).join(', ')}`);
  const reports: DrillReport[] = [];
  for (const name of names) {
    console.log(`\n=== drill: ${name}`);
    const databaseUrl = await freshDatabase(serverUrl);
    const started = Date.now();
    const drill = await DRILLS[name]!();
    let report: DrillReport;
    try {
      report = await drill({ databaseUrl, log: (line) => console.log(`  ${line}`) });
    } catch (err) {
      report = { name, did: [], found: [`the drill itself failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`], ok: false };
    }
    console.log(`  did:`);
    for (const line of report.did) console.log(`    - ${line}`);
    console.log(`  found:`);
    for (const line of report.found) console.log(`    - ${line}`);
    console.log(`  ${report.ok ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    reports.push(report);
  }
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`,
    reports,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/drill.json', JSON.stringify(result, null, 2));
  console.log(`\n${reports.filter((r) => r.ok).length}/${reports.length} drills passed; written to bench-results/drill.json`);
  process.exit(reports.every((r) => r.ok) ? 0 : 1);
}

main().catch((err) => {
  console.error('Drill failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
