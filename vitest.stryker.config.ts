import { defineConfig } from 'vitest/config';

// Stryker's vitest runner (stryker.config.mjs) runs only the unit tests: the "unit" project of
// vitest.config.ts without the worker/e2e projects (their workerd pool and browser build).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
