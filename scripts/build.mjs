// @ts-check
// Builds what production runs, as JavaScript:
// - the portal's server and its commands (scripts/serve.ts, db:migrate, db:seed, jobs:run-once,
//   db:backup, db:restore, the stylesheet builder), each bundled by esbuild into one file in dist/
//   (packages stay in node_modules, required at run time);
// - the USWDS stylesheet (dist/build-css.cjs, from scripts/build-css.ts) and the Next.js app (.next/).
// `npm start` and the commands call this when their output is missing or older than its sources,
// so a fresh clone (`npm ci --omit=dev && npm start` too: everything used here is a dependency)
// builds on first use. Run alone: `node scripts/build.mjs` builds everything (`npm run build`),
// `--if-stale` only what is out of date, `--scripts` only dist/.
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'dist');
const manifestFile = path.join(distDir, 'manifest.json');

/** The compiled commands: dist/<name>.cjs from each source. */
export const ENTRIES = {
  server: 'scripts/serve.ts',
  migrate: 'scripts/migrate.ts',
  seed: 'scripts/seed.ts',
  'jobs-run-once': 'scripts/jobs-run-once.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
  'build-css': 'scripts/build-css.ts',
};

/** What the Next.js build reads; a change to any of them calls for a new build. */
const APP_SOURCES = ['app', 'components', 'db', 'lib', 'emails', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.js', 'tsconfig.json', 'package-lock.json', 'scripts/build-css.ts'];

/** The oldest Node.js the portal runs on (package.json "engines": 22.13 or newer on the 22 line, or 24 and later). */
export const NODE_MAJOR = 22;
export const NODE_MINOR = 13;
const NEXT_LTS_MAJOR = 24;

/**
 * Stops with a plain message on a Node.js older than the one in "engines" (Debian 12 ships 20,
 * which no longer gets security fixes).
 * @param {string} what
 */
export function requireSupportedNode(what) {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major >= NEXT_LTS_MAJOR || (major === NODE_MAJOR && minor >= NODE_MINOR)) return;
  console.error(
    `${what} needs Node.js ${NODE_MAJOR} (${NODE_MAJOR}.${NODE_MINOR} or newer) or ${NEXT_LTS_MAJOR}, a maintained LTS line; this is Node.js ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm run ...): after npm ci, npm puts the Node.js 22 the portal installs (node_modules/.bin/node) first on PATH.\n' +
      'Or install Node.js 22 from your system\'s packages, nodejs.org or a version manager (nvm install 22).\n' +
      'The README says the same under "Quick start".',
  );
  process.exit(1);
}

/** @param {string} p */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

/** Whether dist/ holds every command, built after each file it was built from was last changed. */
export function scriptsAreCurrent() {
  if (!existsSync(manifestFile)) return false;
  /** @type {{ entries: string[], inputs: string[] }} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const built = statSync(manifestFile).mtimeMs;
  if (Object.keys(ENTRIES).some((name) => !manifest.entries.includes(name) || !existsSync(path.join(distDir, `${name}.cjs`)))) return false;
  return [...manifest.inputs, 'package-lock.json', 'scripts/build.mjs'].every((f) => {
    const file = path.join(root, f);
    return existsSync(file) && statSync(file).mtimeMs <= built;
  });
}

/** Whether .next/ holds a production build newer than every source it was built from. */
export function appIsCurrent() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return APP_SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** Compiles the commands into dist/ (a second or two). */
export async function buildScripts() {
  const esbuild = await import('esbuild');
  const t0 = Date.now();
  /** @type {import('esbuild').Plugin} */
  const serverOnly = {
    // `import 'server-only'` marks modules no browser bundle may reach; outside Next it means nothing.
    name: 'server-only',
    setup(build) {
      build.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
      build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
    },
  };
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, source])),
    outdir: distDir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${NODE_MAJOR}`,
    // Packages are loaded from node_modules as they are; only the portal's own code is compiled.
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    plugins: [serverOnly],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  await esbuild.stop();
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes(':'));
  mkdirSync(distDir, { recursive: true });
  writeFileSync(manifestFile, JSON.stringify({ entries: Object.keys(ENTRIES), inputs }, null, 1));
  console.log(`Compiled the server and commands into dist/ in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

// How long the last build of the app took on this machine, kept outside the clone so that a new
// clone on the same machine can say it too.
const timingFile = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'iowa-mmp-portal', 'last-build.json');

/** @param {number} seconds */
function minutes(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** A sentence on how long the build is expected to take here. */
export function expectedBuildTime() {
  try {
    /** @type {{ seconds: number, cores: number, date: string }} */
    const last = JSON.parse(readFileSync(timingFile, 'utf8'));
    return `the last build on this machine took ${minutes(last.seconds)} (${last.date.slice(0, 10)})`;
  } catch {
    return `no build has finished on this machine yet; with ${os.cpus().length} cores expect a few minutes (about 4 on 2 busy cores)`;
  }
}

/** Writes the stylesheet and runs `next build`, each in a process of its own. */
export function buildApp() {
  console.log(`Building the portal: ${expectedBuildTime()}.`);
  const t0 = Date.now();
  const css = spawnSync(process.execPath, [path.join(distDir, 'build-css.cjs')], { cwd: root, stdio: 'inherit' });
  if (css.status !== 0) fail('Building the stylesheet failed; see the messages above.', css.status);
  // The build does not depend on the database; it is the same for the embedded and server modes.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const next = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env });
  if (next.status !== 0) fail('The build failed; see the messages above.', next.status);
  const seconds = (Date.now() - t0) / 1000;
  try {
    mkdirSync(path.dirname(timingFile), { recursive: true });
    writeFileSync(timingFile, JSON.stringify({ seconds: Math.round(seconds), cores: os.cpus().length, date: new Date().toISOString() }));
  } catch {
    // a read-only home: the next start estimates instead
  }
  console.log(`Build finished in ${minutes(seconds)}.`);
}

/**
 * @param {string} message
 * @param {number | null} status
 * @returns {never}
 */
function fail(message, status) {
  console.error(message);
  process.exit(status || 1);
}

/** Compiles the commands when dist/ is out of date, in a child process (esbuild's service ends with it). */
export function ensureScripts() {
  if (scriptsAreCurrent()) return;
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--scripts'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail('Compiling the server failed; see the messages above.', r.status);
}

/** Builds the app when .next/ is out of date (after ensureScripts), in child processes. */
export function ensureApp() {
  if (!appIsCurrent()) buildApp();
}

const invokedDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  if (!ifStale || !scriptsAreCurrent()) await buildScripts();
  if (!args.includes('--scripts') && (!ifStale || !appIsCurrent())) buildApp();
}
