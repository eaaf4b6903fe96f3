import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carrierItem, guestOrderBody, NINE_CARRIER_SERVICES } from '../fixtures/nine-carriers';
import { placePaidOrder } from './carrier-orders';
import { browser } from './client';

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('one order with each of the nine carriers (issue 24)', () => {
  it('books every shipment with its carrier: a parcel number per package', async () => {
    const order = await placePaidOrder(browser(), guestOrderBody(NINE_CARRIER_SERVICES.map((id) => carrierItem(id))));
    expect(order.shipments.map((s) => [s.status, s.error])).toEqual(NINE_CARRIER_SERVICES.map(() => ['created', null]));
    for (const s of order.shipments) expect(s.carrier_ref).toBeTruthy();
  });
});
