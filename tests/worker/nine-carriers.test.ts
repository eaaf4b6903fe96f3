import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carrierItem, guestOrderBody, NINE_CARRIER_SERVICES } from '../fixtures/nine-carriers';
import { env } from 'cloudflare:test';
import { CARRIER_CODES } from '../../src/lib/types/quote';
import { CARRIER_CLIENTS, carrierOrderable, carrierTransport, CARRIER_SECRETS } from '../../src/server/carriers/availability';
import { CARRIERS, carrierByCode } from '../../src/server/carriers';
import { innerTransport } from '../../src/server/carriers/call-log';
import * as booking from '../../src/server/carriers/booking';
import { placePaidOrder } from './carrier-orders';
import { browser } from './client';

/** a deployed build: no local-development flag and no carrier's secrets */
const deployed = { ...env, LOCAL_DEV: undefined, ...Object.fromEntries(Object.values(CARRIER_SECRETS).flat().map((name) => [name, undefined])) } as never;

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

  it('every carrier books through its own API client (its sandbox here): no story sandbox is left to reach', () => {
    expect(Object.keys(booking)).not.toContain('sandboxTransport');
    for (const carrier of CARRIERS) {
      const client = CARRIER_CLIENTS[carrier.code];
      expect(client, carrier.code).toBeDefined();
      const made: unknown[] = [];
      CARRIER_CLIENTS[carrier.code] = (e) => {
        const transport = client!(e);
        made.push(transport);
        return transport;
      };
      try {
        const transport = innerTransport(carrierTransport(env as never, carrier));
        expect(transport, carrier.code).not.toBeNull();
        expect(made, carrier.code).toEqual([transport]);
      } finally {
        CARRIER_CLIENTS[carrier.code] = client;
      }
      expect(carrier).not.toHaveProperty('transport');
    }
  });

  it('deployed without credentials, no carrier can be booked: no transport, and checkout refuses each of the nine items', async () => {
    for (const code of CARRIER_CODES) {
      expect(carrierOrderable(deployed, code), code).toBe(false);
      expect(carrierTransport(deployed, carrierByCode(code)!), code).toBeNull();
    }
    const res = await browser().call('POST', '/api/v1/orders', guestOrderBody(NINE_CARRIER_SERVICES.map((id) => carrierItem(id))), { 'idempotency-key': `test-${crypto.randomUUID()}` }, deployed);
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { field: string; code: string }[] };
    expect(errors).toEqual(NINE_CARRIER_SERVICES.map((_, i) => expect.objectContaining({ field: `items.${i}.shipment.service_id`, code: 'validation.carrier_not_orderable' })));
  });
});
