#!/usr/bin/env node
// Quote-engine micro-benchmarks (run by `npm run bench`, or alone: node tests/bench/quote-engine.bench.mjs).
// Budgets: all carriers for one shipment ≤ 2 ms median; a rates/list matrix of 12 weights ×
// all carriers × both directions ≤ 50 ms median. The TypeScript sources are bundled in memory
// with esbuild (already installed with vite) so plain node can run them.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const entry = `
  export { quoteAll } from './src/server/carriers/pricing/engine';
  export { rateMatrix } from './src/server/services/rates';
  export { CARRIERS, carriersFor } from './src/server/carriers';
  export { priceListWeights } from './src/lib/price-list-weights';
  export { streamQuotes } from './src/server/services/quote-service';
`;
const { outputFiles } = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'error',
});
const { quoteAll, rateMatrix, carriersFor, priceListWeights, CARRIERS, streamQuotes } = await import(
  `data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`
);

const context = { exchangeRates: { CZK: 1, EUR: 24.95 }, now: new Date('2026-03-10T08:00:00Z') };
const sheets = carriersFor('cz').map((c) => c.sheet);
const shipment = {
  territory: 'cz',
  language: 'cs',
  currency: 'CZK',
  from: { country: 'cz', zip: '11000', city: 'Praha' },
  to: { country: 'cz', zip: '60200', city: 'Brno' },
  packages: [{ type: 'package', weight: 2, width: 30, height: 20, length: 40 }],
  cod: { value: 1500, currency: 'CZK' },
  insurance: { value: 60000, currency: 'CZK' },
  hdf: false,
  pickupDate: null,
  fromTime: null,
  toTime: null,
  preferDeliveryBranch: false,
  complete: false,
};
const matrixRequest = {
  sheets,
  carrier: null,
  currency: 'CZK',
  territory: 'cz',
  language: 'cs',
  weights: priceListWeights('cz'),
  combinations: [
    { from: 'cz', to: 'sk' },
    { from: 'sk', to: 'cz' },
  ],
};

/** median and p90 of `runs` timed calls after `warmup` untimed ones, in ms */
function measure(fn, { runs, warmup }) {
  for (let i = 0; i < warmup; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p90: times[Math.floor(runs * 0.9)] };
}

const quotes = quoteAll(shipment, sheets, context).length;
const one = measure(() => quoteAll(shipment, sheets, context), { runs: 2000, warmup: 200 });
const matrix = measure(() => rateMatrix(matrixRequest, context), { runs: 100, warmup: 10 });
const cells = matrixRequest.weights.length * matrixRequest.combinations.length;

const line = (name, r, budget, what) =>
  `${name}: median ${r.median.toFixed(3)} ms, p90 ${r.p90.toFixed(3)} ms (${what}; budget ${budget} ms) ${r.median <= budget ? 'OK' : 'OVER BUDGET'}`;
console.log(line('quote engine, one shipment', one, 2, `${sheets.length} carriers, ${quotes} quotes`));
console.log(line('rates/list matrix', matrix, 50, `${cells} cells × ${sheets.length} carriers`));

// the streamed variant with one carrier made slow on purpose (500 ms): the first line is
// out long before the slowest carrier has answered
const SLOW_MS = 500;
const slowCarriers = CARRIERS.map((c) =>
  c.code === 'dpd' ? { ...c, quote: async (...args) => (await new Promise((r) => setTimeout(r, SLOW_MS)), c.quote(...args)) } : c,
);
const t0 = performance.now();
let firstAt = null;
let lines = 0;
let lastCarrier = null;
for await (const quote of streamQuotes(shipment, context, { carriers: slowCarriers })) {
  firstAt ??= performance.now() - t0;
  lines++;
  lastCarrier = quote.carrier.code;
}
const allAt = performance.now() - t0;
console.log(`streamed quotes with dpd slowed by ${SLOW_MS} ms: first line at ${firstAt.toFixed(1)} ms, last (${lastCarrier}) at ${allAt.toFixed(1)} ms, ${lines} lines`);
