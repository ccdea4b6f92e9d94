// @ts-check
// `npm start`: one process. Compiles the server if needed (a second or two), checks the
// configuration, prepares the database (migrations; on the embedded database the demo), builds the
// app on first start or after a change to its sources, then serves it at http://localhost:${PORT:-3000}
// from this same process (dist/server.cjs, compiled from scripts/serve.ts).
import { createRequire } from 'node:module';
import { ensureApp, ensureScripts, requireSupportedNode } from './build.mjs';

requireSupportedNode('The portal');
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';
ensureScripts();
/** @type {{ main: (options: { prepare?: boolean, beforeServe?: () => void }) => Promise<void> }} */
const server = createRequire(import.meta.url)('../dist/server.cjs');
await server.main({ prepare: true, beforeServe: ensureApp });
