// Generates the department's records for N operations (default 9,000), writes the four CSV files
// to a folder, and imports them into a scratch database: the dry run, then for real, then all four
// again (which must change nothing). Prints the time of each step.
//   npm run import:timing -- [--operations 9000] [--out .data/import-sample]
// Uses DATABASE_URL's server when set (a scratch database there is the caller's choice), else a
// fresh embedded database in a temporary folder.
import '@/emails/register';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDb, openDb } from '@/db/client';
import { closeDb, postgresOptions, useDbHandle } from '@/lib/db';
import { users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { today } from '@/lib/clock';
import { generateImportFiles } from '@/lib/imports/generate';
import { applyImport, checkImport, getImportRun, type ImportFileKind } from '@/lib/imports/runs';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const n = Number(arg('operations', '9000'));
  const out = arg('out', '.data/import-sample');
  const T = today();
  const files = generateImportFiles(n, T);
  mkdirSync(out, { recursive: true });
  for (const [k, v] of Object.entries(files)) writeFileSync(path.join(out, `${k}.csv`), v);
  console.log(`Wrote ${n.toLocaleString('en-US')} operations' records to ${out}/ (operations, owners, plan_history, unpaid_fees).`);

  const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'mmp-import-'));
  const handle = await openDb(process.env.DATABASE_URL ? postgresOptions(process.env.DATABASE_URL) : { mode: 'embedded', dataDir: dir! });
  await migrateDb(handle);
  useDbHandle(handle);
  await seedDatabase(handle.db, { demo: false, today: T });
  const [admin] = await handle.db.insert(users).values({ email: `import-admin-${Date.now()}@example.com`, name: 'Import admin', role: 'admin' }).returning();
  const actor = { id: admin!.id, role: admin!.role, name: admin!.name, email: admin!.email, countyFips: null, partyId: null };
  const kinds = ['operations', 'owners', 'plan_history', 'unpaid_fees'] as const satisfies ImportFileKind[];
  const totals = { check: 0, apply: 0 };
  for (const pass of [1, 2]) {
    for (const kind of kinds) {
      const bytes = new TextEncoder().encode(files[kind]);
      let t = Date.now();
      const runId = await checkImport(actor, { kind, filename: `${kind}.csv`, bytes }, T);
      const checkMs = Date.now() - t;
      const run = await getImportRun(actor, runId);
      t = Date.now();
      const s = run.status === 'checked' ? await applyImport(actor, runId, { today: T }) : run.summary;
      const applyMs = Date.now() - t;
      if (pass === 1) Object.assign(totals, { check: totals.check + checkMs, apply: totals.apply + applyMs });
      console.log(`pass ${pass} ${kind.padEnd(12)} rows ${s.rows}  create ${s.create}  change ${s.change}  unchanged ${s.unchanged}  refused ${s.refuse}   dry run ${(checkMs / 1000).toFixed(1)} s  apply ${(applyMs / 1000).toFixed(1)} s`);
      if (pass === 2 && (s.create || s.change)) throw new Error(`the second import of ${kind} changed records`);
      if (s.refuse) throw new Error(`${kind}: ${s.refuse} rows refused`);
    }
  }
  console.log(`First import of ${n.toLocaleString('en-US')} operations (all four files): dry runs ${(totals.check / 1000).toFixed(1)} s, applying ${(totals.apply / 1000).toFixed(1)} s, in all ${((totals.check + totals.apply) / 1000).toFixed(1)} s on ${handle.mode === 'embedded' ? 'the embedded database' : 'PostgreSQL'}.`);
  await closeDb();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
