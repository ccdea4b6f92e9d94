// Starts the production server for a drill as its own process group (so the drill can stop it and
// every child it started), keeps what it prints, and stops it again. The build must exist
// (ensureBuild in scripts/ensure-build.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverArgs } from '../../ensure-build';
import { waitForHealth } from '../http';

export type DrillServer = {
  name: string;
  base: string;
  port: number;
  pid: number;
  /** Every line the server wrote to stdout and stderr so far. */
  stdout: string[];
  stderr: string[];
  exited: () => boolean;
  stop: () => Promise<void>;
};

export type ServerOptions = {
  name: string;
  port: number;
  databaseUrl: string;
  secret: string;
  /** Extra environment (MMP_JOBS, SMTP_URL, NEXTAUTH_URL ...). */
  env?: Record<string, string | undefined>;
  /** Print each line the server writes, prefixed with its name. */
  echo?: (line: string) => void;
};

function collect(stream: NodeJS.ReadableStream | null, into: string[], echo?: (line: string) => void) {
  if (!stream) return;
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      into.push(line);
      echo?.(line);
    }
  });
  stream.on('end', () => {
    if (partial) into.push(partial);
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const running = new Set<DrillServer>();

// A drill that fails or is interrupted still stops its servers.
let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const s of running) {
      try {
        process.kill(-s.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export async function startServer(options: ServerOptions): Promise<DrillServer> {
  hookExit();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: options.databaseUrl,
    NEXTAUTH_SECRET: options.secret,
    NEXTAUTH_URL: `http://127.0.0.1:${options.port}`,
    MMP_TEST_CLOCK: undefined,
    MMP_TODAY: undefined,
    SMTP_URL: undefined,
    ...options.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  env.PORT = String(options.port);
  const child = spawn(process.execPath, serverArgs({ hostname: '127.0.0.1' }), {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  if (!child.pid) throw new Error(`could not start the ${options.name} server`);
  const pid = child.pid;
  const stdout: string[] = [];
  const stderr: string[] = [];
  const echo = options.echo ? (line: string) => options.echo!(`[${options.name}] ${line}`) : undefined;
  collect(child.stdout, stdout, echo);
  collect(child.stderr, stderr, echo);
  const server: DrillServer = {
    name: options.name,
    base: `http://127.0.0.1:${options.port}`,
    port: options.port,
    pid,
    stdout,
    stderr,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async () => {
      running.delete(server);
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      if (!(await waitForExit(child, 10_000))) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
        await waitForExit(child, 5_000);
      }
    },
  };
  running.add(server);
  try {
    await Promise.race([
      waitForHealth(server.base, 120_000),
      waitForExit(child, 120_000).then((exited) => {
        if (exited) throw new Error(`the ${options.name} server exited at start:\n${stderr.slice(-20).join('\n')}`);
      }),
    ]);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

// ---------------------------------------------------------------------------------------------
// The server's wire format for actions: the arguments as React's encodeReply makes them, the
// result as a React Flight stream whose row 0 names the row holding the action's return value.

type EncodeReply = (value: unknown) => Promise<string | FormData>;
let encoder: EncodeReply | undefined;

/** React's encodeReply (the production build: the development one warns about every odd key). */
export function encodeReply(value: unknown): Promise<string | FormData> {
  encoder ??= (createRequire(path.join(process.cwd(), 'package.json'))('next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-client.node.production.js') as { encodeReply: EncodeReply }).encodeReply;
  return encoder(value);
}

/** The rows of a Flight response by id (JSON rows parsed, text rows as strings). */
function flightRows(body: Buffer): Map<string, unknown> {
  const rows = new Map<string, unknown>();
  let i = 0;
  while (i < body.length) {
    const colon = body.indexOf(0x3a, i);
    if (colon < 0) break;
    const id = body.subarray(i, colon).toString('latin1');
    const tag = body[colon + 1];
    if (tag === 0x54 /* T */) {
      const comma = body.indexOf(0x2c, colon);
      const len = parseInt(body.subarray(colon + 2, comma).toString('latin1'), 16);
      rows.set(id, body.subarray(comma + 1, comma + 1 + len).toString('utf8'));
      i = comma + 1 + len;
      continue;
    }
    let end = body.indexOf(0x0a, colon);
    if (end < 0) end = body.length;
    const text = body.subarray(colon + 1, end).toString('utf8');
    try {
      rows.set(id, JSON.parse(text));
    } catch {
      rows.set(id, text);
    }
    i = end + 1;
  }
  return rows;
}

function resolveFlight(value: unknown, rows: Map<string, unknown>, depth = 0): unknown {
  if (depth > 8) return value;
  if (typeof value === 'string' && value.startsWith('$')) {
    if (value === '$undefined') return undefined;
    if (value.startsWith('$$')) return value.slice(1);
    const ref = /^\$@?([0-9a-f]+)$/.exec(value);
    if (ref && rows.has(ref[1]!)) return resolveFlight(rows.get(ref[1]!), rows, depth + 1);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveFlight(v, rows, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveFlight(v, rows, depth + 1)]));
  }
  return value;
}

/** The action's return value from a fetch-action response, or `missing` when there is none. */
export function actionReturnValue(body: Buffer): { found: boolean; value: unknown } {
  const rows = flightRows(body);
  const root = rows.get('0') as { a?: unknown } | undefined;
  if (!root || typeof root !== 'object' || !('a' in root)) return { found: false, value: undefined };
  return { found: true, value: resolveFlight(root.a, rows) };
}
