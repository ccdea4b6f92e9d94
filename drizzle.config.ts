import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/schema and applied the same way to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: undefined,
  strict: true,
});
