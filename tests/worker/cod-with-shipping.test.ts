import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf } from './client';
import { carrierOrderBody, placePaidOrder, type CarrierOrder } from './carrier-orders';

/**
 * Spec §5 (issue 30, item 1): cash on delivery "with shipping" collects the amount plus the
 * shipment's price with VAT, computed once on the server: the order's quote, the booking the
 * carrier receives, the label and the tracking API all carry the same amount.
 */
type Order = CarrierOrder & { items: { cod: { value: number; currency: string } | null }[] };

const cod = (include: boolean) => ({ code: 'cod', data: { value: { value: 500, currency: 'CZK' }, bank_account: '2001234567', bank_code: '2010', bank_variable: '123', include_shipping_costs: include } });
const orderBody = (include: boolean) => carrierOrderBody('ups-standard', [2], { services: [cod(include)] });

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

async function paidOrder(include: boolean) {
  const b = browser();
  const paid = (await placePaidOrder(b, orderBody(include))) as Order;
  const shipment = paid.shipments[0]!;
  const err = await env.DB.prepare('SELECT last_error FROM shipments WHERE id = ?').bind(shipment.id).first<{ last_error: string | null }>();
  expect({ status: shipment.status, err: err?.last_error }).toEqual({ status: 'created', err: null });
  const item = (await env.DB.prepare('SELECT i.quote AS quote FROM order_items i JOIN shipments s ON s.item_id = i.id WHERE s.id = ?').bind(shipment.id).first<{ quote: string }>())!;
  const quote = JSON.parse(item.quote) as { priceVat: { value: number }; codAmount?: { value: number; currency: string } };
  const row = (await env.DB.prepare('SELECT label FROM shipments WHERE id = ?').bind(shipment.id).first<{ label: string }>())!;
  const label = JSON.parse(row.label) as { cod?: { amountMinor: number; currency: string } }[];
  const booked = await env.DB.prepare('SELECT cod FROM sandbox_ups_shipments WHERE shipment_id = ?').bind(shipment.carrier_ref).first<{ cod: string | null }>();
  const tracking = await dataOf<{ cod: { value: number; currency: string } | null }>(await b.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1&token=${paid.token}`));
  return { quote, label, booked, tracking, page: paid.items[0]!.cod };
}

describe('cash on delivery with the shipping added', () => {
  it('collects 500 Kč plus the price with VAT everywhere: quote, booking, label, tracking', async () => {
    const { quote, label, booked, tracking, page } = await paidOrder(true);
    const expected = (50_000 + Math.round(quote.priceVat.value * 100)) / 100;
    expect(page).toEqual({ value: expected, currency: 'CZK' });
    expect(quote.codAmount).toEqual({ value: expected, currency: 'CZK' });
    expect(booked?.cod).toBe(`${expected.toFixed(2)} CZK`);
    expect(label[0]!.cod).toEqual({ amountMinor: Math.round(expected * 100), currency: 'CZK' });
    expect(tracking.cod).toEqual({ value: expected, currency: 'CZK' });
  });

  it('collects the bare amount without it', async () => {
    const { quote, label, booked, tracking } = await paidOrder(false);
    expect(quote.codAmount).toEqual({ value: 500, currency: 'CZK' });
    expect(booked?.cod).toBe('500 CZK');
    expect(label[0]!.cod).toEqual({ amountMinor: 50_000, currency: 'CZK' });
    expect(tracking.cod).toEqual({ value: 500, currency: 'CZK' });
  });
});
