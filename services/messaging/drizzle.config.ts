import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes this service's SQL migrations into ./drizzle (applied at start). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  schemaFilter: ['messaging'],
});
