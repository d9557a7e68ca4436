import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @atelier/billing` writes SQL migrations to drizzle/; they are applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
