import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierItem, guestOrderBody, NINE_CARRIER_SERVICES } from '../fixtures/nine-carriers';
import { BASE, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Order = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { id: number; carrier: string; status: string; error: string | null; carrier_parcel_numbers: string[] }[] };

/** carriers whose label is an image (no text layer): their number is checked in the barcode only */
const IMAGE_LABELS = new Set(['ups']);
/** DPD's barcode is its routing barcode: % + postcode + the parcel number + service + country */
const inBarcode = (code: string, number: string) => code === number || (code.startsWith('%') && code.includes(number));

describe('one order with each of the nine carriers (issue 24)', () => {
  it('is booked with every carrier, and the A4 labels printed from the client section show each carrier’s parcel number in text and barcode', async () => {
    const { context, page, errors } = await visitor(browser);
    const headers = { origin: BASE() };
    expect((await context.request.post('/api/v1/user/login', { data: { email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' }, headers })).status()).toBe(200);
    const body = { ...guestOrderBody(NINE_CARRIER_SERVICES.map((id) => carrierItem(id))), email: 'demo@zasilkovac.test' };
    const res = await context.request.post('/api/v1/orders', { data: body, headers: { ...headers, 'idempotency-key': `e2e-${crypto.randomUUID()}` } });
    expect(res.status(), await res.text()).toBe(201);
    const created = ((await res.json()) as { data: Order }).data;
    const paid = await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, headers, timeout: 120_000 });
    expect(paid.status(), await paid.text()).toBe(200);
    const order = ((await (await context.request.get(`/api/v1/orders/${created.token}`)).json()) as { data: Order }).data;
    expect(order.shipments.map((s) => [s.carrier, s.status, s.error])).toEqual(NINE_CARRIER_SERVICES.map((id) => [id.split('-')[0], 'created', null]));
    for (const s of order.shipments) expect(s.carrier_parcel_numbers.length, s.carrier).toBe(1);

    // the client section's shipments: tick the nine, print them on A4
    await page.goto('/klient/v2/zasilky?limit=20');
    await hydrated(page);
    for (const s of order.shipments) await page.check(`[data-testid=shipment-row] input[name=ids][value="${s.id}"]`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('[data-testid=labels-print]')]);
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    const printed = new URL(popup.url());
    expect(printed.pathname).toBe('/api/v1/shipments/labels');
    expect(new Set(printed.searchParams.getAll('ids'))).toEqual(new Set(order.shipments.map((s) => String(s.id))));
    const pdf = await context.request.get(printed.pathname + printed.search);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // rendered as poppler renders it, read with pdftotext, decoded with zbar (scripts/test.sh installs them)
    const dir = mkdtempSync(path.join(tmpdir(), 'nine-labels-'));
    try {
      const file = path.join(dir, 'labels.pdf');
      writeFileSync(file, await pdf.body());
      execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', file, path.join(dir, 'page')]);
      const pages = readdirSync(dir).filter((f) => f.startsWith('page')).sort();
      expect(pages).toHaveLength(Math.ceil(order.shipments.length / 4));
      const decoded = pages.map((f) => execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', path.join(dir, f)], { encoding: 'utf8' }).trim().split('\n'));
      const texts = pages.map((_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ''));
      for (const s of order.shipments) {
        const [number] = s.carrier_parcel_numbers as [string];
        const onPage = decoded.findIndex((codes) => codes.some((c) => inBarcode(c, number)));
        expect(onPage, `${s.carrier} ${number}: barcode`).toBeGreaterThanOrEqual(0);
        if (!IMAGE_LABELS.has(s.carrier)) expect(texts[onPage], `${s.carrier} ${number}: printed`).toContain(number.replace(/\s+/g, ''));
      }
      for (const [i, codes] of decoded.entries()) expect(codes.some((c) => order.shipments.some((s) => s.carrier_parcel_numbers.some((n) => inBarcode(c, n)))), `page ${i + 1}`).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
