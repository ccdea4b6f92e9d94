// The portal's production server: Next.js behind a plain Node HTTP server of our own, so that the
// configuration is checked before anything says "ready", and every request's client address comes
// from its socket (or from a proxy named in TRUSTED_PROXY), never from a header a client typed.
// Compiled to dist/server.cjs (scripts/build.mjs) and run by node itself: `npm start` loads it in
// its own process (scripts/start.mjs), the browser suite and the benchmark run `node dist/server.cjs`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import compression from 'compression';
import { closeDb } from '@/lib/db';
import { describeFailure } from '@/db/errors';
import { authSecret, getEnv, publicOrigin } from '@/lib/env';
import { compileTrust, markClientAddressStamping, stampClientAddress } from '@/lib/net/client-address';
import { idleCollector } from '@/lib/net/idle-memory';
import { buildStylesheets, inlineStylesheetsInto } from '@/lib/net/inline-stylesheet';
import { runTimed, serverTimingEnabled, takeTotalTiming } from '@/lib/net/request-timing';

function fail(message: string): never {
  console.error(`Could not start the portal:\n${message}`);
  process.exit(1);
}

export type ServeOptions = {
  /** Migrate (and on the embedded database load the demo) before serving, as `npm start` does. */
  prepare?: boolean;
  /** Runs after the configuration check and the database, before Next.js loads (`npm start` builds here). */
  beforeServe?: () => void;
  hostname?: string;
};

export async function main(options: ServeOptions = {}): Promise<void> {
  // Before anything reads the configuration (it is read once): the checks a production server needs.
  (process.env as Record<string, string>).NODE_ENV = 'production';
  let env;
  try {
    env = getEnv();
    authSecret();
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if (options.prepare) {
    const { prepareDatabase } = await import('./prepare-db');
    try {
      console.log(await prepareDatabase());
    } catch (err) {
      console.error(describeFailure('Could not start the portal', err, env.DATABASE_URL));
      process.exit(1);
    }
  }
  options.beforeServe?.();
  const hostname = options.hostname;
  const port = env.PORT;
  const trust = compileTrust(env.TRUSTED_PROXY);
  markClientAddressStamping();
  console.log(`Starting the portal at http://localhost:${port}`);
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? 'localhost' });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Brotli where the browser takes it (every current one does), else gzip: the same page in fewer
  // bytes on a slow rural link. Next's own compression (gzip only) is off in next.config.js.
  const compress = compression({ threshold: 1024 });
  // Each HTML page carries the stylesheet in its head (lib/net/inline-stylesheet.ts); the rewrite
  // sits inside compression, so the page is compressed as sent.
  const stylesheets = buildStylesheets(path.join(process.cwd(), '.next'));
  const serve = (req: IncomingMessage, res: ServerResponse) =>
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      inlineStylesheetsInto(req, res, stylesheets);
      void handle(req, res);
    });
  // Benchmark mode: each request's database time, summed per path, and the process's memory by part,
  // read (and reset) by the benchmark at /__timing on loopback. Never on unless MMP_SERVER_TIMING=1.
  const timings = new Map<string, { requests: number; dbMs: number; queries: number; ms: number }>();
  const timed = serverTimingEnabled();
  // At rest after a burst of requests, the heap is collected once (lib/net/idle-memory.ts).
  const idle = idleCollector();
  const server = createServer((req, res) => {
    idle.track(res);
    stampClientAddress(req, trust);
    if (!timed) return serve(req, res);
    if (req.url === '/__timing' && (req.socket.remoteAddress === '127.0.0.1' || req.socket.remoteAddress === '::1' || req.socket.remoteAddress === '::ffff:127.0.0.1')) {
      res.setHeader('content-type', 'application/json');
      const requests = [...timings.values()].reduce((n, t) => n + t.requests, 0);
      const total = req.method === 'DELETE' ? takeTotalTiming() : { dbMs: NaN, queries: NaN };
      const heapSpaces = Object.fromEntries(getHeapSpaceStatistics().map((h) => [h.space_name, h.space_used_size]));
      res.end(JSON.stringify({ requests, total, paths: Object.fromEntries(timings), memory: process.memoryUsage(), heapSpaces }));
      if (req.method === 'DELETE') timings.clear();
      return;
    }
    const started = performance.now();
    const { timing } = runTimed(() => serve(req, res));
    res.on('finish', () => {
      const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
      const t = timings.get(key) ?? { requests: 0, dbMs: 0, queries: 0, ms: 0 };
      t.requests += 1;
      t.dbMs += timing.dbMs;
      t.queries += timing.queries;
      t.ms += performance.now() - started;
      timings.set(key, t);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('error', (err: NodeJS.ErrnoException) =>
    fail(err.code === 'EADDRINUSE' ? `Port ${port} is already in use. Stop the other server or set PORT.` : err.message),
  );
  server.listen(port, hostname, () => {
    console.log(`Ready: the portal is serving on ${hostname ?? '*'}:${port} (public address ${publicOrigin()})`);
  });
  // Stopping: no new connections; idle keep-alive connections (a browser left open holds several
  // for up to a minute) are closed now, requests in flight get a few seconds to finish, and the
  // database is closed so the embedded one shuts down cleanly before the process ends.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(() => {
      closeDb()
        .catch(() => undefined)
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// `node dist/server.cjs [--hostname HOST]`: serve a database that is already prepared.
if (require.main === module) {
  const at = process.argv.indexOf('--hostname');
  main({ hostname: at > 0 ? process.argv[at + 1] : undefined }).catch((err) => fail(err instanceof Error ? err.stack ?? err.message : String(err)));
}
