import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { pragueNow } from '../../src/lib/calendar';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER, type BookedShipment } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { fedex } from '../../src/server/carriers/fedex';
import { fedexTransport } from '../../src/server/carriers/fedex/client';
import { fedexTransportFor } from '../../src/server/carriers/fedex/config';
import { fedexRates } from '../../src/server/carriers/fedex/rates';
import { FEDEX_SANDBOX_ACCOUNT, FEDEX_SANDBOX_CLIENT_ID, FEDEX_SANDBOX_CLIENT_SECRET, isValidFedexNumber, SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/fedex/sandbox';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { fedexBooking, fedexPickupOrder, swissCustoms } from '../unit/fedex-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/fedex';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/_sandbox/carriers/fedex', '')}`);
  return sandbox.fetch(request, env);
};
const invoices = new Map<string, { name: string; contentType: string; data: ArrayBuffer }>([['inv1', { name: 'Faktura 2026-117.pdf', contentType: 'application/pdf', data: new TextEncoder().encode('%PDF-1.4\n%invoice\n%%EOF\n').buffer as ArrayBuffer }]]);
const transport = (clientSecret = FEDEX_SANDBOX_CLIENT_SECRET) =>
  fedexTransport({ baseUrl: BASE, documentsUrl: BASE, clientId: FEDEX_SANDBOX_CLIENT_ID, clientSecret, accountNumber: FEDEX_SANDBOX_ACCOUNT, sheet: fedexRates, fetch: appFetch, invoice: async (id) => invoices.get(id) ?? null });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (id: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/fedex/_driver/pickup-scan/${id}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Bratislava', createdAt: new Date().toISOString() });
/** the texts a label's page shows (pdf-lib writes Helvetica text as WinAnsi hex strings) */
async function labelText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const streams = doc.context.enumerateIndirectObjects().flatMap(([, o]) => (o instanceof PDFRawStream ? [decodePDFRawStream(o).decode()] : []));
  const content = streams.map((d) => Array.from(d, (b) => String.fromCharCode(b)).join('')).join('\n');
  return [...content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map(([, hex]) => hex!.match(/../g)!.map((h) => String.fromCharCode(parseInt(h, 16))).join('')).join('\n');
}
const unique = () => `IZ${crypto.randomUUID().replace(/\D/g, '').slice(0, 10)}`;

describe('FedEx through its sandbox over HTTP', () => {
  it('books a two-package shipment: a master and a child 12-digit number, a one-page PDF label each with its number', async () => {
    const booked = await transport().create(fedexBooking({ weights: [3, 12] }), context);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) expect(isValidFedexNumber(n)).toBe(true);
    expect(booked.carrierRef).toBe(numbers[0]);
    for (const [i, p] of booked.packages!.entries()) {
      expect(p.label?.format).toBe('PDF');
      const bytes = Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0));
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      const text = await labelText(bytes);
      expect(text).toContain(`${numbers[i]!.slice(0, 4)} ${numbers[i]!.slice(4, 8)} ${numbers[i]!.slice(8)}`);
      expect(text).toContain(`${i + 1} of 2`);
      // the barcode's human-readable line is the number as it is
      expect(text.split('\n')).toContain(numbers[i]);
    }
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for a token once and reuses it until it expires', async () => {
    calls.length = 0;
    const t = transport();
    await t.create(fedexBooking(), context);
    await t.create(fedexBooking(), context);
    expect(calls.filter((c) => c === 'POST /oauth/token')).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /ship/v1/shipments')).toHaveLength(2);
  });

  it('wrong credentials: the carrier is unavailable (our configuration), not a refusal of the shipment', async () => {
    await expect(transport('wrong').create(fedexBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('refuses what FedEx refuses with its own code, and a carrier that is down is unavailable', async () => {
    const refused = await transport().create(fedexBooking({ weights: [80] }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as CarrierRefusedError).code).toBe('PACKAGE.WEIGHT.EXCEEDED');
    await expect(transport().create(fedexBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('answers a request it cannot read in FedEx’s error shape', async () => {
    const token = await (await sandbox.request('/_sandbox/carriers/fedex/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', client_id: FEDEX_SANDBOX_CLIENT_ID, client_secret: FEDEX_SANDBOX_CLIENT_SECRET }) }, env)).json<{ access_token: string }>();
    const res = await sandbox.request('/_sandbox/carriers/fedex/ship/v1/shipments', { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ labelResponseOptions: 'LABEL' }) }, env);
    expect(res.status).toBe(400);
    const body = await res.json<{ transactionId: string; errors: { code: string; message: string }[] }>();
    expect(body.transactionId).toEqual(expect.any(String));
    expect(body.errors).toEqual([{ code: 'INVALID.INPUT.EXCEPTION', message: expect.stringContaining('accountNumber') }]);
  });

  it('an international shipment leaving the EU uploads the commercial invoice first (ETD) and references its document id', async () => {
    calls.length = 0;
    const booked = await transport().create(fedexBooking({ to: 'ch', customs: swissCustoms(['inv1']) }), context);
    expect(calls).toEqual(['POST /oauth/token', 'POST /documents/v1/etds/upload', 'POST /ship/v1/shipments']);
    const row = await env.DB.prepare('SELECT documents FROM sandbox_fedex_shipments WHERE master_tracking_number = ?').bind(booked.carrierRef).first<{ documents: string }>();
    const [docId] = JSON.parse(row!.documents) as string[];
    expect(await env.DB.prepare('SELECT name, content_type AS type FROM sandbox_fedex_documents WHERE doc_id = ?').bind(docId).first()).toEqual({ name: 'Faktura 2026-117.pdf', type: 'application/pdf' });
    // without an own invoice, FedEx is asked to create it; a file gone from storage is a refusal
    await expect(transport().create(fedexBooking({ to: 'ch', customs: swissCustoms() }), context)).resolves.toMatchObject({ carrierRef: expect.stringMatching(/^\d{12}$/) });
    // to the US: the state FedEx requires is read from the ZIP code
    const us = fedexBooking({ to: 'ch', customs: swissCustoms(['inv1']) });
    us.recipient = { ...us.recipient, country: 'US', zip: '10001', city: 'New York', street: '350 5th Ave' };
    await expect(transport().create(us, context)).resolves.toMatchObject({ carrierRef: expect.stringMatching(/^\d{12}$/) });
    const missing = await transport().create(fedexBooking({ to: 'ch', customs: swissCustoms(['gone']) }), context).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'CarrierRefusedError', code: 'ETD.INVOICE.MISSING' });
  });

  it('cancels before the pickup scan; a second cancel is refused; after the scan FedEx has it', async () => {
    const t = transport();
    const booked = await t.create(fedexBooking({ weights: [1, 2] }), context);
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'fedex-international-priority');
    await expect(t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'fedex-international-priority')).rejects.toBeInstanceOf(CarrierRefusedError);
    const events = await t.track(query(booked), new Date(Date.now() + DAY));
    expect(events.map((e) => fedex.trackingStatus(e.rawStatus))).toEqual(['pending', 'cancelled']);

    const picked = await t.create(fedexBooking(), context);
    expect((await scan(picked.carrierRef)).status).toBe(204);
    const refused = await t.cancel(picked.carrierRef, picked.pickupDate, new Date(), 'fedex-international-priority').catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'CarrierRefusedError', code: 'SHIPMENT.CANCEL.TENDERED', refusal: 'with_carrier' });
  });

  it('tracks in FedEx scan event types that move over time, mapped through the FedEx table; the child is tracked by its own number', async () => {
    const t = transport();
    const booked = await t.create(fedexBooking({ weights: [1, 1] }), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['OC']);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['OC', 'PU', 'DP', 'IT', 'AR', 'OD', 'DL']);
    expect(events.map((e) => fedex.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[1]).toMatchObject({ location: 'Brno' });
    expect(events.at(-1)).toMatchObject({ location: 'Bratislava', description: 'Delivered' });
    const child = await t.track({ ...query(booked), carrierRef: booked.packages![1]!.carrierRef }, new Date());
    expect(child.map((e) => e.rawStatus)).toEqual(['OC', 'PU', 'DP', 'IT', 'AR', 'OD', 'DL']);
    // a number FedEx does not know has no events
    expect(await t.track({ ...query(booked), carrierRef: '700000000017' }, new Date())).toEqual([]);
  });

  it('a scan type outside the table stays raw and is unknown', async () => {
    const t = transport();
    const booked = await t.create(fedexBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(booked.carrierRef, 30);
    const odd = (await t.track(query(booked), new Date())).find((e) => e.rawStatus === 'ZZ');
    expect(odd).toBeDefined();
    expect(fedex.trackingStatus(odd!.rawStatus)).toBe('unknown');
  });

  it('finds a booking whose answer was lost by our reference; a cancelled one or none is null', async () => {
    const t = transport();
    const booking = fedexBooking({ weights: [1, 2], reference: SANDBOX_LOSE_ANSWER, trackingNumber: unique() });
    await expect(t.create(booking, context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const found = await t.find!(booking, context);
    expect(found!.packages!.map((p) => isValidFedexNumber(p.carrierRef))).toEqual([true, true]);
    expect(found!.carrierRef).toBe(found!.packages![0]!.carrierRef);
    await t.cancel(found!.carrierRef, null, new Date(), 'fedex-international-priority');
    expect(await t.find!(booking, context)).toBeNull();
    expect(await t.find!(fedexBooking({ trackingNumber: unique() }), context)).toBeNull();
  });

  it('orders a one-time pickup (a confirmation code at its location) and cancels it; cancelled once only; a regular one and a past day are refused', async () => {
    const t = transport();
    const tomorrow = pragueNow(new Date(Date.now() + DAY)).date;
    const { carrierRef } = await t.orderPickup(fedexPickupOrder(tomorrow, 'Zvonit u brány'), new Date());
    expect(carrierRef).toMatch(/^PRGA\d{8}$/);
    await t.cancelPickup(carrierRef, tomorrow, new Date());
    expect(await env.DB.prepare('SELECT cancelled_at FROM sandbox_fedex_pickups WHERE code = ?').bind(carrierRef.slice(4)).first('cancelled_at')).not.toBeNull();
    await expect(t.cancelPickup(carrierRef, tomorrow, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    const yesterday = pragueNow(new Date(Date.now() - DAY)).date;
    await expect(t.orderPickup(fedexPickupOrder(yesterday), new Date())).rejects.toMatchObject({ code: 'PICKUP.READYDATE.INVALID' });
    await expect(t.orderPickup({ ...fedexPickupOrder(tomorrow), kind: 'regular', weekdays: [2] }, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup(fedexPickupOrder(tomorrow, SANDBOX_CARRIER_DOWN), new Date())).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('the sandbox checks tokens: an API call without a valid Bearer token gets NOT.AUTHORIZED.ERROR', async () => {
    const res = await sandbox.request('/_sandbox/carriers/fedex/track/v1/trackingnumbers', { method: 'POST', headers: { authorization: 'Bearer forged.token', 'content-type': 'application/json' }, body: '{}' }, env);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'NOT.AUTHORIZED.ERROR' }] });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials', async () => {
    const local = fedexTransportFor({ ...env, LOCAL_DEV: '1', FEDEX_CLIENT_ID: undefined });
    const booked = await local!.create(fedexBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => isValidFedexNumber(p.carrierRef))).toEqual([true, true]);
    expect(fedexTransportFor({ ...env, LOCAL_DEV: undefined, FEDEX_CLIENT_ID: undefined })).toBeNull();
    expect(fedexTransportFor({ ...env, LOCAL_DEV: undefined, FEDEX_CLIENT_ID: 'id', FEDEX_CLIENT_SECRET: 'secret', FEDEX_ACCOUNT_NUMBER: '123456789' })).not.toBeNull();
  });

  it('the site serves the FedEx sandbox under /_sandbox/carriers/fedex only in local development', async () => {
    const tokenCall = (extra: Record<string, undefined> = {}) =>
      browser().call('POST', '/_sandbox/carriers/fedex/oauth/token', new URLSearchParams({ grant_type: 'client_credentials', client_id: FEDEX_SANDBOX_CLIENT_ID, client_secret: FEDEX_SANDBOX_CLIENT_SECRET }), {}, extra);
    const local = await tokenCall();
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ token_type: 'bearer', expires_in: 3599 });
    const deployed = await tokenCall({ LOCAL_DEV: undefined });
    expect(deployed.status).not.toBe(200);
  });
});
