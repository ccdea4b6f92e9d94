// Builds the app when the production build is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
export const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/**
 * How to run the production server (scripts/serve.ts) in a process of its own: node with tsx
 * loaded in the same process, so the PID a caller holds is the server's. PORT comes from the env.
 */
export function serverArgs(options: { hostname?: string } = {}): string[] {
  return ['--require', path.join(root, 'scripts', 'server-only-outside-next.cjs'), '--import', 'tsx', path.join(root, 'scripts', 'serve.ts'), ...(options.hostname ? ['--hostname', options.hostname] : [])];
}
const SOURCES = ['app', 'components', 'db', 'lib', 'emails', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.js', 'tsconfig.json', 'package-lock.json', 'scripts/build-css.ts'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

export function buildIsCurrent(): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** Writes the portal's USWDS stylesheet (scripts/build-css.ts); unchanged output keeps its date. */
export function buildStyles(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-css.ts')], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Building the stylesheet failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

export function ensureBuild(): void {
  buildStyles();
  if (buildIsCurrent()) return;
  console.log('Building the portal (first start or changed sources; about a minute)...');
  const t0 = Date.now();
  // The build does not depend on the database; it is the same for the embedded and server modes.
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Build finished in ${Math.round((Date.now() - t0) / 1000)} s.`);
}
