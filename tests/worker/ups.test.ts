import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pragueNow } from '../../src/lib/calendar';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, type BookedShipment } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { ups } from '../../src/server/carriers/ups';
import { upsTransport } from '../../src/server/carriers/ups/client';
import { upsTransportFor } from '../../src/server/carriers/ups/config';
import { upsRates } from '../../src/server/carriers/ups/rates';
import { isValidOneZ, SANDBOX_UNKNOWN_STATUS, UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } from '../../src/server/carriers/ups/sandbox';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { upsBooking, upsPickupOrder } from '../unit/ups-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/ups';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/_sandbox/carriers/ups', '')}`);
  return sandbox.fetch(request, env);
};
const transport = (clientSecret = UPS_SANDBOX_CLIENT_SECRET) => upsTransport({ baseUrl: BASE, clientId: UPS_SANDBOX_CLIENT_ID, clientSecret, accountNumber: UPS_SANDBOX_ACCOUNT, sheet: upsRates, fetch: appFetch });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (shipmentId: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/ups/_driver/pickup-scan/${shipmentId}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270001', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Praha', toCity: 'Brno', createdAt: new Date().toISOString() });
const PNG = 'iVBORw0KGgo';

describe('UPS through its sandbox over HTTP', () => {
  it('books a two-package shipment: two valid 1Z numbers, one PNG label each, the first is the shipment number', async () => {
    const booked = await transport().create(upsBooking({ weights: [3, 12] }), context);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) expect(isValidOneZ(n)).toBe(true);
    expect(booked.carrierRef).toBe(numbers[0]);
    for (const p of booked.packages!) expect(p.label).toMatchObject({ format: 'PNG', data: expect.stringMatching(new RegExp(`^${PNG}`)) });
    // the pickup day comes from the rate sheet (UPS's answer has none)
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for a token once and reuses it until it expires', async () => {
    calls.length = 0;
    const t = transport();
    await t.create(upsBooking(), context);
    await t.create(upsBooking(), context);
    expect(calls.filter((c) => c.includes('/oauth/token'))).toHaveLength(1);
    expect(calls.filter((c) => c.includes('/ship'))).toHaveLength(2);
  });

  it('wrong credentials: the carrier is unavailable (our configuration), not a refusal of the shipment', async () => {
    await expect(transport('wrong').create(upsBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('refuses what UPS refuses with its own code, and a carrier that is down is unavailable', async () => {
    const refused = await transport().create(upsBooking({ weights: [80] }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as CarrierRefusedError).code).toBe('120541');
    await expect(transport().create(upsBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('voids before the pickup scan; a second void is refused', async () => {
    const t = transport();
    const booked = await t.create(upsBooking({ weights: [1, 2] }), context);
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ups-standard');
    await expect(t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ups-standard')).rejects.toBeInstanceOf(CarrierRefusedError);
    const events = await t.track(query(booked), new Date(Date.now() + DAY));
    expect(events.map((e) => ups.trackingStatus(e.rawStatus))).toEqual(['pending', 'cancelled']);
  });

  it('refuses to void once the driver has picked it up', async () => {
    const t = transport();
    const booked = await t.create(upsBooking(), context);
    expect((await scan(booked.carrierRef)).status).toBe(204);
    const refused = await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ups-standard').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as CarrierRefusedError).code).toBe('190118');
  });

  it('tracks in UPS activity types that move over time, mapped through the UPS table', async () => {
    const t = transport();
    const booked = await t.create(upsBooking({ weights: [1, 1] }), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['M']);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['M', 'P', 'I', 'O', 'D']);
    expect(events.map((e) => ups.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[1]).toMatchObject({ location: 'Praha' });
    expect(events.at(-1)).toMatchObject({ location: 'Brno', description: 'Delivered' });
    // the second package is tracked by its own number too
    const second = await t.track({ ...query(booked), carrierRef: booked.packages![1]!.carrierRef }, new Date());
    expect(second.map((e) => e.rawStatus)).toEqual(['M', 'P', 'I', 'O', 'D']);
  });

  it('an activity type outside the table stays raw and is unknown', async () => {
    const t = transport();
    const booked = await t.create(upsBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    const odd = events.find((e) => e.rawStatus === 'NA');
    expect(odd).toBeDefined();
    expect(ups.trackingStatus(odd!.rawStatus)).toBe('unknown');
  });

  it('orders a pickup (a PRN) and cancels it; a cancelled pickup cannot be cancelled again', async () => {
    const t = transport();
    const tomorrow = pragueNow(new Date(Date.now() + DAY)).date;
    const { carrierRef } = await t.orderPickup(upsPickupOrder(tomorrow, 'Zvonit u brány'), new Date());
    expect(carrierRef).toMatch(/^[0-9A-Z]{11}$/);
    await t.cancelPickup(carrierRef, tomorrow, new Date());
    await expect(t.cancelPickup(carrierRef, tomorrow, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    const yesterday = pragueNow(new Date(Date.now() - DAY)).date;
    await expect(t.orderPickup(upsPickupOrder(yesterday), new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('the sandbox checks tokens: an API call without a valid Bearer token gets UPS error 250002', async () => {
    const res = await sandbox.request('/_sandbox/carriers/ups/api/track/v1/details/1Z999AA10123456784', { headers: { authorization: 'Bearer forged.token', transId: 'x', transactionSrc: 'y' } }, env);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ response: { errors: [{ code: '250002', message: 'Invalid Authentication Information.' }] } });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials', async () => {
    const local = upsTransportFor({ ...env, LOCAL_DEV: '1', UPS_CLIENT_ID: undefined });
    const booked = await local!.create(upsBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => isValidOneZ(p.carrierRef))).toEqual([true, true]);
    expect(upsTransportFor({ ...env, LOCAL_DEV: undefined, UPS_CLIENT_ID: undefined })).toBeNull();
    expect(upsTransportFor({ ...env, LOCAL_DEV: undefined, UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' })).not.toBeNull();
  });

  it('the site serves the UPS sandbox under /_sandbox/carriers/ups only in local development', async () => {
    const tokenCall = (extra: Record<string, undefined> = {}) =>
      browser().call('POST', '/_sandbox/carriers/ups/security/v1/oauth/token', new URLSearchParams({ grant_type: 'client_credentials' }), { authorization: `Basic ${btoa(`${UPS_SANDBOX_CLIENT_ID}:${UPS_SANDBOX_CLIENT_SECRET}`)}` }, extra);
    const local = await tokenCall();
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ token_type: 'Bearer', expires_in: '14399' });
    const deployed = await tokenCall({ LOCAL_DEV: undefined });
    // deployed, the path is just a page (which answers GET only): no token, no UPS sandbox
    expect(deployed.status).toBe(405);
    expect(await deployed.json()).not.toHaveProperty('access_token');
  });
});
