// For the tools that run a production server or a compiled command (the browser suite, the
// benchmark, the drills, the phone profile, tests): build what is out of date (scripts/build.mjs),
// and how to run the compiled output in a process of its own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = process.cwd();
const buildScript = path.join(root, 'scripts', 'build.mjs');

function build(args: string[]): void {
  const result = spawnSync(process.execPath, [buildScript, '--if-stale', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

/** Builds the server, the commands and the app when any of them is missing or older than its sources. */
export function ensureBuild(): void {
  build([]);
}

/** Compiles the commands (dist/) when out of date, without building the app. */
export function ensureCommands(): void {
  build(['--scripts']);
}

/**
 * How to run the production server (dist/server.cjs, compiled from scripts/serve.ts): plain node,
 * one process, so the PID a caller holds is the server's. PORT comes from the env.
 */
export function serverArgs(options: { hostname?: string } = {}): string[] {
  return [path.join(root, 'dist', 'server.cjs'), ...(options.hostname ? ['--hostname', options.hostname] : [])];
}

/** How to run a compiled command: `migrate`, `seed`, `jobs-run-once`, `db-backup`, `db-restore`. */
export function commandArgs(name: 'migrate' | 'seed' | 'jobs-run-once' | 'db-backup' | 'db-restore', ...args: string[]): string[] {
  return [path.join(root, 'dist', `${name}.cjs`), ...args];
}
