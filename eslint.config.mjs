import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const eslintConfig = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // No React here: test fixtures and helpers named use*() (Playwright's use, useTestDb) are not hooks.
    files: ['tests/**', 'db/**', 'scripts/**', '*.config.{ts,mjs,js}'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // App code logs through lib/log.ts (JSON lines with a request id); command-line scripts print.
    files: ['app/**', 'lib/**', 'components/**', 'emails/**', 'db/**', 'instrumentation.ts', 'proxy.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // No import cycles in the server code: a domain that reads another never gets read back by it
    // (plans does not import reviews; validation imports neither).
    files: ['lib/**/*.{ts,tsx}', 'db/**/*.ts', 'emails/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // No import runs back up: lib renders mail through lib/mail/renderer.ts, which emails/
    // implements, so lib names no template (the props of each are declared in lib/mail/templates.ts).
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@/emails(/|$)', message: 'lib renders mail through @/lib/mail/renderer; declare props in @/lib/mail/templates.' }] }],
    },
  },
  {
    ignores: [
      '.next/**',
      'dist/**',
      'node_modules/**',
      '.data/**',
      'db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
];

export default eslintConfig;
