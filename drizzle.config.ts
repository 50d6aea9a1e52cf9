import { defineConfig } from 'drizzle-kit';

// Only generation reads this (`npm run db:generate`); the app applies the committed
// migrations itself (server/src/db/migrate.ts), so no credentials are needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
  strict: true,
  verbose: true,
});
