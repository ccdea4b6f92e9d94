// The portal's production server: Next.js behind a plain Node HTTP server of our own, so that the
// configuration is checked before anything says "ready", and every request's client address comes
// from its socket (or from a proxy named in TRUSTED_PROXY), never from a header a client typed.
import { createServer } from 'node:http';
import compression from 'compression';
import next from 'next';
import { authSecret, getEnv, publicOrigin } from '@/lib/env';
import { compileTrust, markClientAddressStamping, stampClientAddress } from '@/lib/net/client-address';

function fail(message: string): never {
  console.error(`Could not start the portal:\n${message}`);
  process.exit(1);
}

async function main() {
  (process.env as Record<string, string>).NODE_ENV = 'production';
  let env;
  try {
    env = getEnv();
    authSecret();
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const at = process.argv.indexOf('--hostname');
  const hostname = at > 0 ? process.argv[at + 1] : undefined;
  const port = env.PORT;
  const trust = compileTrust(env.TRUSTED_PROXY);
  markClientAddressStamping();
  const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? 'localhost' });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Brotli where the browser takes it (every current one does), else gzip: the same page in fewer
  // bytes on a slow rural link. Next's own compression (gzip only) is off in next.config.js.
  const compress = compression({ threshold: 1024 });
  const server = createServer((req, res) => {
    stampClientAddress(req, trust);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => void handle(req, res));
  });
  server.keepAliveTimeout = 65_000;
  server.on('error', (err: NodeJS.ErrnoException) =>
    fail(err.code === 'EADDRINUSE' ? `Port ${port} is already in use. Stop the other server or set PORT.` : err.message),
  );
  server.listen(port, hostname, () => {
    console.log(`Ready: the portal is serving on ${hostname ?? '*'}:${port} (public address ${publicOrigin()})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => fail(err instanceof Error ? err.stack ?? err.message : String(err)));
