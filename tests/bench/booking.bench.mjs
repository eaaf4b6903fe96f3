#!/usr/bin/env node
// Booking figures (issue 23), run by `npm run bench` against its local built worker, or alone
// against a running one (local development flag on): node tests/bench/booking.bench.mjs http://127.0.0.1:8797
//   - one shipment booked by the UPS client through the UPS sandbox over HTTP: p50, p95
//   - a 20-shipment UPS order paid (sandbox bank statement) and booked, all shipments: budget 2 s
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

async function upsClient() {
  const entry = `
    export { upsTransport } from './src/server/carriers/ups/client';
    export { UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } from './src/server/carriers/ups/sandbox';
    export { upsRates } from './src/server/carriers/ups/rates';
    export { upsBooking } from './tests/unit/ups-fixtures';
  `;
  const { outputFiles } = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'error' });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function bookingFigures(base, { cookie = '' } = {}) {
  const results = {};
  const { upsTransport, upsBooking, upsRates, UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } = await upsClient();
  const info = console.info;
  console.info = () => {}; // the client's one log line per call
  try {
    const transport = upsTransport({ baseUrl: `${base}/_sandbox/carriers/ups`, clientId: UPS_SANDBOX_CLIENT_ID, clientSecret: UPS_SANDBOX_CLIENT_SECRET, accountNumber: UPS_SANDBOX_ACCOUNT, sheet: upsRates });
    const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
    for (let i = 0; i < 5; i++) await transport.create(upsBooking({ weights: [2] }), context);
    const times = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      await transport.create(upsBooking({ weights: [1 + (i % 5)] }), context);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results['UPS booking over HTTP (sandbox)'] = `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (n=${times.length}, one package, the client's token cached)`;
  } finally {
    console.info = info;
  }

  const headers = { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) };
  const party = (city, zip, firstname) => ({ firstname, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'bench@example.cz' });
  const item = (i) => ({ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Eva'), packages: [{ type: 0, weight: 1 + (i % 7), width: 20, height: 10, length: 30 }], service_id: 'ups-standard' } });
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const res = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { ...headers, 'idempotency-key': `bench-book-${randomUUID()}` }, body: JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => item(i)), payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'bench@example.cz', terms: true }) });
    if (res.status !== 201) throw new Error(`20-shipment order answered ${res.status}: ${await res.text()}`);
    const order = (await res.json()).data;
    const t0 = performance.now();
    const paid = await fetch(`${base}/api/v1/sandbox/bank/statement`, { method: 'POST', headers, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
    const ms = performance.now() - t0;
    if (!paid.ok) throw new Error(`bank statement answered ${paid.status}`);
    const { shipments } = (await (await fetch(`${base}/api/v1/orders/${order.token}`, { headers })).json()).data;
    const created = shipments.filter((s) => s.status === 'created').length;
    if (created !== 20) throw new Error(`20-shipment order: ${created} shipments booked`);
    rounds.push(ms);
  }
  const median = [...rounds].sort((a, b) => a - b)[1];
  results['20-shipment UPS order paid and booked'] = `median ${median.toFixed(0)} ms of 3 (${rounds.map((r) => r.toFixed(0)).join('/')} ms; the bank statement request: payment, invoice, 20 bookings at the in-process UPS sandbox); budget 2000 ms: ${median <= 2000 ? 'within' : 'OVER'}`;
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  for (const [k, v] of Object.entries(await bookingFigures(base))) console.log(`${k.padEnd(40)} ${v}`);
}
