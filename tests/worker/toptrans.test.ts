import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pragueNow } from '../../src/lib/calendar';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER, type BookedShipment } from '../../src/server/carriers/booking';
import { toptrans } from '../../src/server/carriers/toptrans';
import { toptransTransport } from '../../src/server/carriers/toptrans/client';
import { toptransTransportFor } from '../../src/server/carriers/toptrans/config';
import { toptransRates } from '../../src/server/carriers/toptrans/rates';
import { TOPTRANS_SANDBOX_PASSWORD, TOPTRANS_SANDBOX_USERNAME } from '../../src/server/carriers/toptrans/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/ups/sandbox';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { toptransBooking, toptransPickupOrder } from '../unit/toptrans-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/toptrans';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(new URL(request.url).pathname.replace('/_sandbox/carriers/toptrans/api/json/', ''));
  return sandbox.fetch(request, env);
};
const transport = (password = TOPTRANS_SANDBOX_PASSWORD) => toptransTransport({ baseUrl: BASE, username: TOPTRANS_SANDBOX_USERNAME, password, sheet: toptransRates, fetch: appFetch });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (orderNumber: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/toptrans/_driver/loading-scan/${orderNumber}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270001', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Praha', createdAt: new Date().toISOString() });
const api = (method: string, body: unknown, auth = `Basic ${btoa(`${TOPTRANS_SANDBOX_USERNAME}:${TOPTRANS_SANDBOX_PASSWORD}`)}`) =>
  sandbox.request(`/_sandbox/carriers/toptrans/api/json/${method}/`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }, env);
const unique = () => `IZ26${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 100)}`;

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('TOPTRANS through its sandbox over HTTP', () => {
  it('books a two-package order: save, send, search; an order number, a 12-digit piece number and a one-page PDF label each', async () => {
    calls.length = 0;
    const booked = await transport().create(toptransBooking({ weights: [12, 30] }), context);
    expect(calls).toEqual(['order/save/', 'order/send/', 'order/search/']);
    expect(booked.carrierRef).toMatch(/^\d{10}$/);
    const pieces = booked.packages!.map((p) => p.carrierRef);
    expect(pieces).toHaveLength(2);
    for (const n of pieces) expect(n).toMatch(/^\d{12}$/);
    expect(BigInt(pieces[1]!) - BigInt(pieces[0]!)).toBe(1n);
    for (const [i, p] of booked.packages!.entries()) {
      expect(p.label?.format).toBe('PDF');
      const pdf = await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)));
      expect(pdf.getPageCount()).toBe(1);
      const text = (await pdfPageTexts(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)))).join(' ');
      expect(text).toContain('TOPTRANS');
      expect(text).toContain(`${i + 1}/2`);
    }
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(booked.pickupFrom).toBe('08:00');
  });

  it('books pallets and a Slovak recipient (both territories)', async () => {
    const booked = await transport().create(toptransBooking({ type: 'pallet', weights: [300, 250], toSk: true, cod: { value: 150, currency: 'EUR' } }), context);
    expect(booked.packages).toHaveLength(2);
    const [row] = (await env.DB.prepare('SELECT "order" AS o FROM sandbox_toptrans_orders WHERE order_number = ?').bind(booked.carrierRef).all<{ o: string }>()).results;
    expect(JSON.parse(row!.o)).toMatchObject({ num_epals: 2, packs: [{ pack_id: 3 }, { pack_id: 3 }], discharge: { address: { zip: '81101' } }, cash_on_delivery_price_cur_id: 2 });
  });

  it('wrong login: the carrier is unavailable (our configuration), not a refusal of the shipment', async () => {
    await expect(transport('spatne').create(toptransBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const res = await api('order/search', { id: 1 }, 'Basic Zm9vOmJhcg==');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Basic');
    expect(await res.json()).toEqual({ status: 'error', errors: ['Neplatné přihlašovací údaje.'] });
  });

  it('refuses what TOPTRANS refuses in its envelope, and a carrier that is down is unavailable', async () => {
    const refused = await transport().create(toptransBooking({ weights: [1500], type: 'pallet' }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as Error).message).toContain('přesahuje 1000 kg');
    await expect(transport().create(toptransBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('answers invalid data in its envelope: status error and the field', async () => {
    const res = await api('order/save', { term_id: 1, payer_select: 1, loading_select: 2, discharge: { name: 'X', address: { city: 'Praha', zip: '110 00' } }, kg: 1, packs: [] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; errors: string[] };
    expect(body.status).toBe('error');
    expect(body.errors.join(' ')).toMatch(/discharge\.address\.zip/);
    expect(body.errors.join(' ')).toMatch(/packs/);
  });

  it('deletes before loading; a second delete is refused; the history ends in STORNO', async () => {
    const t = transport();
    const booked = await t.create(toptransBooking({ weights: [1, 2] }), context);
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'toptrans-standard');
    await expect(t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'toptrans-standard')).rejects.toBeInstanceOf(CarrierRefusedError);
    const events = await t.track(query(booked), new Date(Date.now() + DAY));
    expect(events.map((e) => toptrans.trackingStatus(e.rawStatus))).toEqual(['pending', 'cancelled']);
  });

  it('refuses to cancel once the driver has loaded the order (with the carrier); the sandbox itself refuses the delete too', async () => {
    const t = transport();
    const booked = await t.create(toptransBooking(), context);
    expect((await scan(booked.carrierRef)).status).toBe(204);
    const refused = await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'toptrans-standard').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as CarrierRefusedError).refusal).toBe('with_carrier');
    const [item] = ((await (await api('order/search', { order_number: booked.carrierRef })).json()) as { data: { id: number }[] }).data;
    expect(await (await api('order/delete', { ids: [item!.id] })).json()).toEqual({ status: 'error', errors: [`Objednávku ${booked.carrierRef} nelze zrušit, zásilka již byla naložena.`] });
  });

  it('tracks in TOPTRANS states that move over time, mapped through the table; an unknown state stays raw', async () => {
    const t = transport();
    const booked = await t.create(toptransBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['NEW']);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['NEW', 'LOADED', 'TRANSIT', 'WEIGHED', 'DEPOT', 'DELIVERY', 'DELIVERED']);
    expect(events.map((e) => toptrans.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'unknown', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[1]).toMatchObject({ location: 'Brno' });
    expect(events.at(-1)).toMatchObject({ location: 'Praha', description: 'Zásilka doručena' });
  });

  it('finds a booking whose answer was lost, by our tracking number, with its numbers and labels', async () => {
    const t = transport();
    const trackingNumber = unique();
    const lost = toptransBooking({ reference: SANDBOX_LOSE_ANSWER, trackingNumber, weights: [3, 4, 5] });
    await expect(t.create(lost, context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const found = await t.find!(lost, context);
    expect(found?.carrierRef).toMatch(/^\d{10}$/);
    expect(found?.packages?.map((p) => p.label?.format)).toEqual(['PDF', 'PDF', 'PDF']);
    expect(await t.find!(toptransBooking({ trackingNumber: unique() }), context)).toBeNull();
    // a cancelled one is no booking
    await t.cancel(found!.carrierRef, null, new Date(), 'toptrans-standard');
    expect(await t.find!(lost, context)).toBeNull();
  });

  it('refuses separate pickup orders: the order itself is the collection', async () => {
    const tomorrow = pragueNow(new Date(Date.now() + DAY)).date;
    await expect(transport().orderPickup(toptransPickupOrder(tomorrow), new Date())).rejects.toThrow(/loading address/);
    await expect(transport().cancelPickup('X', tomorrow, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials', async () => {
    const local = toptransTransportFor({ ...env, LOCAL_DEV: '1', TOPTRANS_USERNAME: undefined });
    const booked = await local!.create(toptransBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => /^\d{12}$/.test(p.carrierRef))).toEqual([true, true]);
    expect(toptransTransportFor({ ...env, LOCAL_DEV: undefined, TOPTRANS_USERNAME: undefined })).toBeNull();
    expect(toptransTransportFor({ ...env, LOCAL_DEV: undefined, TOPTRANS_USERNAME: 'u', TOPTRANS_PASSWORD: 'p' })).not.toBeNull();
  });

  it('the site serves the TOPTRANS sandbox under /_sandbox/carriers/toptrans only in local development', async () => {
    const auth = { authorization: `Basic ${btoa(`${TOPTRANS_SANDBOX_USERNAME}:${TOPTRANS_SANDBOX_PASSWORD}`)}` };
    const local = await browser().call('POST', '/_sandbox/carriers/toptrans/api/json/order/search/', { id: 1 }, auth);
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ status: 'ok' });
    const deployed = await browser().call('POST', '/_sandbox/carriers/toptrans/api/json/order/search/', { id: 1 }, auth, { LOCAL_DEV: undefined });
    expect(deployed.status).not.toBe(200);
    expect(await deployed.text()).not.toContain('"status":"ok"');
  });
});
