// Mutation testing of the pure core against the unit tests (docs/mutation.md).
// `npm run mutate` mutates every file below; `npm run mutate -- <file> [...]` only those.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  mutate: [
    'src/lib/validators.ts',
    'src/lib/money.ts',
    'src/lib/calendar.ts',
    'src/lib/format.ts',
    'src/lib/quote-rules.ts',
    'src/lib/paging.ts',
    'src/lib/csv-import/**/*.ts',
    '!src/lib/csv-import/**/*.d.ts',
    'src/server/carriers/pricing/**/*.ts',
    'src/server/payments/qr/**/*.ts',
    '!src/server/payments/qr/**/*.d.ts',
    // re-exports the four validator.js modules bysquare needs: nothing to mutate
    '!src/server/payments/qr/validator-shim.ts',
    // refunds' pure rules (the ledger's daily.ts and match.ts are D1 statements: the worker tests hold them)
    'src/server/services/orders/refund-rules.ts',
  ],
  checkers: [],
  // no type checker, so mutants that would not compile still run (and fail or get killed by tests)
  disableTypeChecks: '{src,tests}/**/*.{ts,tsx}',
  // Stryker rewrites tsconfig.json's references in its sandbox by importing `typescript`, whose
  // JS API TypeScript 7 no longer has: point it at a file that does not exist, so it skips that step.
  tsconfigFile: 'tsconfig.stryker-none.json',
  ignoreStatic: false,
  concurrency: 1,
  timeoutMS: 20_000,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', '.wrangler', 'logs', 'test-results', 'reports'],
};
