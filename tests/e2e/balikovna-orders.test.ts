import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Veselá', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const body = {
  // Balík Do ruky is handed in at a post office (a drop-off service): the sender's is Brno 1
  items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [2, 5].map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: 'balikovna-do-ruky' }, collection_point_id: 'balikovna-cz-brno-1' }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
};
type Order = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { tracking_number: string; carrier_ref: string | null; carrier_parcel_numbers: string[] }[] };

async function paidOrder(context: BrowserContext): Promise<Order> {
  const headers = { origin: BASE() };
  const res = await context.request.post('/api/v1/orders', { data: body, headers: { ...headers, 'idempotency-key': `e2e-${crypto.randomUUID()}` } });
  const created = ((await res.json()) as { data: Order }).data;
  await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, headers });
  return ((await (await context.request.get(`/api/v1/orders/${created.token}`)).json()) as { data: Order }).data;
}

describe('a guest order with a two-package Balík Do ruky shipment (issue 23, Česká pošta)', () => {
  it('is booked through the Česká pošta client: the order page shows both parcel codes beside our number', async () => {
    const { context, page, errors } = await visitor(browser);
    const order = await paidOrder(context);
    const [shipment] = order.shipments;
    expect(shipment!.carrier_parcel_numbers).toHaveLength(2);
    for (const code of shipment!.carrier_parcel_numbers) expect(code).toMatch(/^DR\d{10}U$/);
    await page.goto(`/objednavka/${order.token}`);
    await page.waitForSelector('[data-testid=shipment-carrier-numbers]');
    expect(await page.locator('[data-testid=shipment-carrier-number]').allTextContents()).toEqual(shipment!.carrier_parcel_numbers.map((n, i) => (i > 0 ? `, ${n}` : n)));
    expect(await page.textContent('[data-testid=shipment-tracking-number]')).toBe(shipment!.tracking_number);
    // a drop-off service: the sender hands the parcel in, no courier collects it (issue 27)
    const details = (await page.locator('.order-details').allInnerTexts()).join('\n');
    expect(details).toContain('Datum podání');
    expect(details).toContain('Podání');
    expect(details).not.toMatch(/svoz/i);
    await page.goto(`/en/order/${order.token}`);
    await page.waitForSelector('[data-testid=shipment-pickup]');
    const english = (await page.locator('.order-details').allInnerTexts()).join('\n');
    expect(english).toContain('Hand-in date');
    expect(english).not.toMatch(/pickup/i);
    // the stored quote's Czech service name, in English
    expect(english).toContain('Balíkovna to the door');
    expect(english).not.toContain('Do ruky');
    expect(errors).toEqual([]);
    await context.close();
  });
});
