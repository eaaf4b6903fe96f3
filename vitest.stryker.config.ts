import { defineConfig } from 'vitest/config';

// Stryker's vitest runner (stryker.config.mjs) runs only the unit tests: the "unit" project of
// vitest.config.ts without the worker/e2e projects (their workerd pool and browser build).
// MUTATE_TESTS=a.test.ts,b.test.ts narrows them to a module's own test files: a faster run on a
// busy machine whose score is a lower bound of the whole unit suite's (docs/mutation.md).
const only = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: only?.length ? only : ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
