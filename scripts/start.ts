// `npm start`: prepares the database (embedded by default), builds the app if the build is missing
// or older than the sources, then serves it at http://localhost:${PORT:-3000}.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from './prepare-db';

const root = process.cwd();
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const SOURCES = ['app', 'components', 'db', 'lib', 'emails', 'public', 'next.config.js', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

function buildIsCurrent(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

async function main() {
  console.log(await prepareDatabase());
  if (!buildIsCurrent()) {
    console.log('Building the portal (first start or changed sources; about a minute)...');
    const t0 = Date.now();
    const result = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
    console.log(`Build finished in ${Math.round((Date.now() - t0) / 1000)} s.`);
  }
  const port = process.env.PORT ?? '3000';
  console.log(`Starting the portal at http://localhost:${port}`);
  const server = spawn(process.execPath, [nextBin, 'start', '-p', port], { stdio: 'inherit', env });
  const stop = (signal: NodeJS.Signals) => server.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error('Could not start the portal:', err instanceof Error ? err.message : err);
  process.exit(1);
});
