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
    ignores: [
      '.next/**',
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
