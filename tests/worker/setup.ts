import { applyD1Migrations, env } from 'cloudflare:test';
import { demoAccountStatements, seedStatements } from '../../src/server/db/seed';

const BATCH_SIZE = 50;

// Runs before each test file; both steps are idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const statements = [...seedStatements(), ...(await demoAccountStatements(env.PASSWORD_PEPPER))];
for (let i = 0; i < statements.length; i += BATCH_SIZE) {
  await env.DB.batch(statements.slice(i, i + BATCH_SIZE).map((sql) => env.DB.prepare(sql)));
}
