import { applyD1Migrations, env } from 'cloudflare:test';
import { demoSeedStatements, referenceSeedStatements } from '../../src/server/db/seed';

const BATCH_SIZE = 50;

// Runs before each test file (as local development: reference and demo data); every step is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_Y2025, env.TEST_YEAR_MIGRATIONS);
const statements = [...referenceSeedStatements(), ...(await demoSeedStatements(env.PASSWORD_PEPPER))];
for (let i = 0; i < statements.length; i += BATCH_SIZE) {
  await env.DB.batch(statements.slice(i, i + BATCH_SIZE).map((sql) => env.DB.prepare(sql)));
}
