// @ts-check
// `node scripts/run.mjs NAME [ARGS]`: runs a compiled command (dist/NAME.cjs: migrate, seed,
// jobs-run-once, db-backup, db-restore) in this process, compiling the commands first if they are
// missing or older than their sources. The npm scripts db:migrate, db:seed, jobs:run-once,
// db:backup and db:restore call it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { distDir, ENTRIES, ensureScripts, requireSupportedNode } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in ENTRIES) || name === 'server' || name === 'build-css') {
  console.error(`Name a command: ${Object.keys(ENTRIES).filter((n) => n !== 'server' && n !== 'build-css').join(', ')}`);
  process.exit(2);
}
requireSupportedNode(`npm run (${name})`);
ensureScripts();
// The command reads its own arguments from process.argv, as it would run alone.
const file = path.join(distDir, `${name}.cjs`);
process.argv = [process.argv[0] ?? process.execPath, file, ...args];
createRequire(import.meta.url)(file);
