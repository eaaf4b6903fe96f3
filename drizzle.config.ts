import { defineConfig } from 'drizzle-kit';

// `npm run db:generate`: SQL migrations from src/server/db/schema.ts, into the folder wrangler
// applies (wrangler.toml migrations_dir). Timestamp prefixes sort after the hand-written 0001–0010.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  migrations: { prefix: 'timestamp' },
});
