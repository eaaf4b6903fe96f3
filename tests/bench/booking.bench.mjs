#!/usr/bin/env node
// Booking figures (issue 23), run by `npm run bench` against its local built worker, or alone
// against a running one (local development flag on): node tests/bench/booking.bench.mjs http://127.0.0.1:8797
//   - one shipment booked by the UPS client through the UPS sandbox over HTTP: p50, p95
//   - a 20-shipment UPS order paid (sandbox bank statement) and booked, all shipments: budget 2 s
//   - a 20-shipment order of all nine carriers (issue 24), the same way: budget 3 s
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
    export { carrierItem, guestOrderBody, NINE_CARRIER_SERVICES } from './tests/fixtures/nine-carriers';
  `;
  const { outputFiles } = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'error' });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function bookingFigures(base, { cookie = '' } = {}) {
  const results = {};
  const { carrierItem, guestOrderBody, NINE_CARRIER_SERVICES, upsTransport, upsBooking, upsRates, UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } = await upsClient();
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
  /** a 20-shipment order paid by the sandbox bank's statement: the statement request's time (payment, invoice, 20 bookings), median of 3 */
  async function paidAndBooked(items, what) {
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const res = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { ...headers, 'idempotency-key': `bench-book-${randomUUID()}` }, body: JSON.stringify(guestOrderBody(items)) });
      if (res.status !== 201) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
      const order = (await res.json()).data;
      const t0 = performance.now();
      const paid = await fetch(`${base}/api/v1/sandbox/bank/statement`, { method: 'POST', headers, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
      const ms = performance.now() - t0;
      if (!paid.ok) throw new Error(`bank statement answered ${paid.status}`);
      const { shipments } = (await (await fetch(`${base}/api/v1/orders/${order.token}`, { headers })).json()).data;
      const created = shipments.filter((s) => s.status === 'created').length;
      if (created !== items.length) throw new Error(`${what}: ${created} of ${items.length} shipments booked (${JSON.stringify(shipments.filter((s) => s.status !== 'created').map((s) => s.error))})`);
      rounds.push(ms);
    }
    return { median: [...rounds].sort((a, b) => a - b)[1], rounds: rounds.map((r) => r.toFixed(0)).join('/') };
  }
  const ups = await paidAndBooked(Array.from({ length: 20 }, (_, i) => item(i)), '20-shipment UPS order');
  results['20-shipment UPS order paid and booked'] = `median ${ups.median.toFixed(0)} ms of 3 (${ups.rounds} ms; the bank statement request: payment, invoice, 20 bookings at the in-process UPS sandbox); budget 2000 ms: ${ups.median <= 2000 ? 'within' : 'OVER'}`;
  const mixed = await paidAndBooked(Array.from({ length: 20 }, (_, i) => carrierItem(NINE_CARRIER_SERVICES[i % NINE_CARRIER_SERVICES.length], [1 + (i % 5)])), '20-shipment mixed order');
  results['20-shipment order, all nine carriers'] = `median ${mixed.median.toFixed(0)} ms of 3 (${mixed.rounds} ms; 20 bookings at the nine carriers' in-process sandboxes); budget 3000 ms: ${mixed.median <= 3000 ? 'within' : 'OVER'}`;
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  for (const [k, v] of Object.entries(await bookingFigures(base))) console.log(`${k.padEnd(40)} ${v}`);
}
