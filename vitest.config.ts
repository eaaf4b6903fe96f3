import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations(path.join(import.meta.dirname, 'src/server/db/migrations'));
// a closed year's database (wrangler.toml DB_Y2025): its own schema
const yearMigrations = await readD1Migrations(path.join(import.meta.dirname, 'src/server/db/year-migrations'));
// the sandbox identity provider's key for the worker tests (npm start keeps one in .dev.vars)
const sandboxJwk = JSON.stringify({ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-sandbox', alg: 'RS256' });

export default defineConfig({
  test: {
    // vitest's default is one file at a time on this 2-core machine (cores − 1); the worker files
    // mostly wait on workerd, so three at once finish the unit + worker run about a fifth sooner
    maxWorkers: 3,
    projects: [
      // pure logic in Node
      // (a test that first imports a large server module can take seconds while workerd files run beside it)
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 } },
      // origin + edge inside workerd with real local D1/KV/R2 (migrations + seed per test file)
      {
        plugins: [
          cloudflareTest({
            // the queue consumer (src/server/queues): miniflare delivers the queues' batches to it, in the test's isolate
            main: './src/server/queues/index.ts',
            miniflare: {
              compatibilityDate: '2025-12-01',
              compatibilityFlags: ['nodejs_als', 'nodejs_compat'],
              kvNamespaces: ['CACHE'],
              d1Databases: ['DB', 'DB_Y2025'],
              r2Buckets: ['FILES'],
              email: { send_email: [{ name: 'MAIL' }] },
              // wrangler.toml's queues, in small batches delivered at once and retried without delay (tests/worker/queues.test.ts)
              queueProducers: { TRACKING_QUEUE: 'zasilkovac-tracking', MAIL_QUEUE: 'zasilkovac-mail' },
              queueConsumers: {
                'zasilkovac-tracking': { maxBatchSize: 3, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: 'zasilkovac-dead' },
                'zasilkovac-mail': { maxBatchSize: 3, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: 'zasilkovac-dead' },
                'zasilkovac-dead': { maxBatchTimeout: 0 },
              },
              // small limits, so the worker tests reach them (wrangler.toml has the real ones); the
              // expensive reads are counted one call per RATE_LIMITS.expensive.sample (5): 20 reads per 10 s
              ratelimits: {
                RATE_LIMIT_EXPENSIVE: { namespace_id: '1001', simple: { limit: 4, period: 10 } },
                RATE_LIMIT_WRITES: { namespace_id: '1002', simple: { limit: 10, period: 10 } },
                RATE_LIMIT_SIGNED: { namespace_id: '1003', simple: { limit: 40, period: 10 } },
              },
              bindings: {
                TEST_MIGRATIONS: migrations,
                TEST_YEAR_MIGRATIONS: yearMigrations,
                YEAR_DATABASES: 'DB_Y2025',
                CZ_HOST: 'zasilkovac.test',
                SK_HOST: 'sk.zasilkovac.test',
                PUBLIC_SCHEME: 'http',
                ENVIRONMENT: 'test',
                BUILD_VERSION: 'test',
                SESSION_SECRET: 'test-session-secret-at-least-32-characters-long',
                PASSWORD_PEPPER: 'test-pepper',
                SANDBOX_IDP_JWK: sandboxJwk,
                // the worker tests run as local development: sandboxes on (tests of the deployed behaviour unset it)
                LOCAL_DEV: '1',
                MAIL_FROM: 'noreply@zasilkovac.test',
                COMPANY_REGISTER: 'sample',
                // property tests (tests/worker/fuzz.test.ts): `npm run fuzz` raises the runs
                FUZZ_RUNS: process.env.FUZZ_RUNS ?? '150',
                FUZZ_SEED: process.env.FUZZ_SEED ?? '20261123',
              },
            },
          }),
        ],
        // a cold isolate's first label or PDF takes seconds on a busy 2-core machine
        test: { name: 'worker', include: ['tests/worker/**/*.test.ts'], setupFiles: ['tests/worker/setup.ts'], testTimeout: 30_000 },
      },
      // real browser against the built worker (tests/e2e/global-setup.ts builds and serves it)
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
