import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const body = {
  items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [2, 5].map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: 'ups-standard' } }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
};
type Order = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { tracking_number: string; carrier_parcel_numbers: string[]; label_url: string | null }[] };

async function paidUpsOrder(context: BrowserContext): Promise<Order> {
  const headers = { origin: BASE() };
  const created = ((await (await context.request.post('/api/v1/orders', { data: body, headers: { ...headers, 'idempotency-key': `e2e-${crypto.randomUUID()}` } })).json()) as { data: Order }).data;
  await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, headers });
  return ((await (await context.request.get(`/api/v1/orders/${created.token}`)).json()) as { data: Order }).data;
}

describe('a guest order with a two-package UPS shipment (issue 23)', () => {
  it.each([
    ['cs', '/objednavka/', 'Čísla balíků u dopravce'],
    ['en', '/en/order/', "Carrier's parcel numbers"],
  ] as const)('the order page (%s) shows both of UPS’s parcel numbers beside our number', async (_locale, path, caption) => {
    const { context, page, errors } = await visitor(browser);
    const order = await paidUpsOrder(context);
    const [shipment] = order.shipments;
    expect(shipment!.carrier_parcel_numbers).toHaveLength(2);
    await page.goto(`${path}${order.token}`);
    await page.waitForSelector('[data-testid=shipment-carrier-numbers]');
    expect(await page.locator('[data-testid=shipment-carrier-number]').allTextContents()).toEqual(shipment!.carrier_parcel_numbers.map((n, i) => (i > 0 ? `, ${n}` : n)));
    expect(await page.textContent('[data-testid=shipment-carrier-numbers]')).toContain(caption);
    expect(await page.textContent('[data-testid=shipment-tracking-number]')).toBe(shipment!.tracking_number);
    const label = await context.request.get(shipment!.label_url!);
    expect(label.headers()['content-type']).toBe('application/pdf');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the order’s A6 label prints one page per package whose barcode decodes to that package’s parcel number on the order page', async () => {
    const { context, page, errors } = await visitor(browser);
    const order = await paidUpsOrder(context);
    await page.goto(`/objednavka/${order.token}`);
    await page.waitForSelector('[data-testid=shipment-carrier-numbers]');
    const shown = (await page.locator('[data-testid=shipment-carrier-number]').allTextContents()).map((t) => t.replace(/^,\s*/, '').trim());
    expect(shown).toHaveLength(2);
    const label = await context.request.get(order.shipments[0]!.label_url!);
    expect(label.headers()['content-type']).toBe('application/pdf');
    // rendered as poppler renders it, decoded with zbar (scripts/test.sh installs both)
    const dir = mkdtempSync(path.join(tmpdir(), 'ups-label-'));
    try {
      writeFileSync(path.join(dir, 'label.pdf'), await label.body());
      execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', path.join(dir, 'label.pdf'), path.join(dir, 'page')]);
      const pages = readdirSync(dir).filter((f) => f.startsWith('page')).sort();
      expect(pages).toHaveLength(2);
      const decoded = pages.map((f) => execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', path.join(dir, f)], { encoding: 'utf8' }).trim().split('\n'));
      expect(decoded).toEqual(shown.map((n) => [n]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
