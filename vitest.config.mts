import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
// Every test process sends mail as the server does: through the templates' renderer (emails/register.ts).
const MAIL = path.join(root, 'emails', 'register.ts');

export default defineConfig({
  // `server-only` marks modules a client component must not reach (Next checks it); here it is inert.
  resolve: { alias: { '@': root, 'server-only': path.join(root, 'node_modules', 'server-only', 'empty.js') } },
  test: {
    projects: [
      {
        extends: true,
        // CPU-bound cases (two years of deadlines, a server start) outlast vitest's 5 s default on a busy
        // two-core machine; a slow machine is not a failure.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000, setupFiles: [MAIL] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: [MAIL, 'tests/integration/support/one-query-per-connection.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
