import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf, type Browser } from './client';

type Sale = Record<string, unknown> & { carrier: string; from: { country: string; city: string }; to: { country: string; city: string }; weight_band: { min: number; max: number | null }; paid_at: string };

const party = (first: string, surname: string, street: string, city: string, zip: string) => ({ firstname: first, surname, street, city, zip, country: 'cz', phone: '+420777123456', email: `${first.toLowerCase()}@example.cz` });

/** an order of one parcel, paid by bank transfer when `pay` */
async function order(b: Browser, serviceId: string, weight: number, pay = true) {
  const created = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(
    await b.post(
      '/api/v1/orders',
      {
        items: [{ shipment: { from: party('Jana', 'Dvořáková', 'Kobližná 7', 'Brno', '60200'), to: party('Petr', 'Svoboda', 'Dlouhá 12', 'Praha', '11000'), packages: [{ weight }], service_id: serviceId } }],
        payment_method: 'bank_transfer',
        payer: { type: 'person' },
        email: 'jana@example.cz',
        terms: true,
      },
      { 'idempotency-key': `sale-${crypto.randomUUID()}` },
    ),
  );
  if (pay) await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency });
  return created;
}

const sales = async (b: Browser) => {
  const res = await b.get('/api/v2/recent-sales');
  expect(res.status).toBe(200);
  return dataOf<Sale[]>(res);
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('GET v2/recent-sales', () => {
  // runs first: the file's database has no orders yet
  it('answers an empty list when nothing was paid', async () => {
    expect(await sales(browser())).toEqual([]);
  });

  it('lists paid shipments only, newest first, with no personal data or prices', async () => {
    const b = browser();
    await order(b, 'dpd-classic', 0.8);
    await order(b, 'ppl-business', 3);
    await order(b, 'dpd-classic', 12, false);

    const list = await sales(b);
    expect(list).toHaveLength(2);
    // the later payment first
    expect(list.map((s) => [s.carrier, s.weight_band])).toEqual([
      ['ppl', { min: 2, max: 5 }],
      ['dpd', { min: 0, max: 1 }],
    ]);
    expect(list[0]!.paid_at >= list[1]!.paid_at).toBe(true);
    expect(list[0]).toMatchObject({ carrier_name: 'PPL', from: { country: 'cz', city: 'Brno' }, to: { country: 'cz', city: 'Praha' }, packages: 1 });

    for (const sale of list) {
      expect(Object.keys(sale).sort()).toEqual(['carrier', 'carrier_name', 'from', 'packages', 'paid_at', 'to', 'weight_band']);
      expect(Object.keys(sale.from).sort()).toEqual(['city', 'country']);
      expect(Object.keys(sale.to).sort()).toEqual(['city', 'country']);
    }
    const text = JSON.stringify(list);
    for (const personal of ['Jana', 'Dvořáková', 'Petr', 'Svoboda', 'Kobližná', 'Dlouhá', '@', '+420', '60200', '11000', 'IZ', 'OP']) expect(text).not.toContain(personal);
  });

  it('drops cancelled shipments', async () => {
    const before = await sales(browser());
    const id = (await env.DB.prepare('SELECT id FROM shipments ORDER BY id DESC LIMIT 1').first<{ id: number }>())!.id;
    await env.DB.prepare("UPDATE shipments SET status = 'cancelled' WHERE id = ?").bind(id).run();
    expect(await sales(browser())).toEqual(before.slice(1));
  });
});
