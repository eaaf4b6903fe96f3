import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carrierWebhookSecret, signCarrierBody } from '../../src/server/api/tracking';
import { nextOpenShipments, openShipments, openShipmentsPage, pollTracking, POLL_SILENT_DAYS } from '../../src/server/services/tracking/ingest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { parseGlsRef } from '../../src/server/carriers/gls/client';
import { browser, dataOf, type Browser } from './client';

type Tracking = {
  tracking_number: string;
  status: string;
  events: { status: string; time: string }[];
  full: boolean;
  from?: { name: string; street: string };
  to?: { name: string; street: string; email: string };
  expected_delivery: string | null;
  delivered_at: string | null;
};
type ErrorJson = { status: number; errors?: { field: string; code: string }[] };

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });

async function paidShipment(b: Browser, recipientEmail = `r${crypto.randomUUID().slice(0, 6)}@example.cz`, headers: Record<string, string> = {}) {
  const res = await b.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', recipientEmail), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true },
    { 'idempotency-key': `trk-${crypto.randomUUID()}`, ...headers },
  );
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ status: string; shipments: { id: number; tracking_number: string; carrier_ref: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  return { token: order.token, shipment: paid.shipments[0]!, recipientEmail };
}

const track = (b: Browser, number: string, token?: string) => b.get(`/api/v1/orders/${number}?tracking=1${token ? `&token=${encodeURIComponent(token)}` : ''}`);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('tracking a parcel', () => {
  it('follows the sandbox carrier step by step: public answer without personal data, the token shows the addresses, one e-mail per milestone (in the Czech recipient\'s language, the order being Slovak), the order completes', { timeout: 30_000 }, async () => {
    const b = browser();
    const { token, shipment, recipientEmail } = await paidShipment(b, undefined, { language: 'sk' });
    const first = await dataOf<Tracking>(await track(b, shipment.tracking_number));
    expect(first).toMatchObject({ status: 'pending', events: [], full: false });
    expect(first).not.toHaveProperty('to');
    expect(JSON.stringify(first)).not.toContain('Dlouhá');

    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const step = await dataOf<{ status: string; advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${shipment.id}/advance`));
      if (!step.advanced) break;
      seen.push(step.status);
      const publicView = await dataOf<Tracking>(await track(b, shipment.tracking_number.toLowerCase()));
      expect(publicView.status).toBe(step.status);
      expect(JSON.stringify(publicView)).not.toContain(recipientEmail);
    }
    expect(seen[0]).toBe('picked_up');
    expect(seen.at(-1)).toBe('delivered');
    expect(seen).toContain('in_transit');

    const full = await dataOf<Tracking>(await track(b, shipment.tracking_number, token));
    expect(full.full).toBe(true);
    expect(full.to).toMatchObject({ street: 'Dlouhá 12', email: recipientEmail });
    expect(full.events.map((e) => e.status)).toEqual(seen);
    expect(full.delivered_at).not.toBeNull();
    expect((await dataOf<Tracking>(await track(b, shipment.tracking_number, 'x'.repeat(43)))).full).toBe(false);

    const mails = await env.DB.prepare('SELECT template, language, text FROM outbox WHERE "to" = ? ORDER BY id').bind(recipientEmail).all<{ template: string; language: string; text: string }>();
    const templates = mails.results.map((m) => m.template);
    expect(mails.results.map((m) => m.language)).toEqual(mails.results.map(() => 'cs'));
    expect(mails.results[0]!.text).toContain(`http://${env.CZ_HOST}/sledovani-zasilek/`);
    const ordered = await env.DB.prepare("SELECT language FROM outbox WHERE \"to\" = 'objednal@example.cz' AND template = 'order_confirmation' ORDER BY id DESC").first<{ language: string }>();
    expect(ordered?.language).toBe('sk');
    expect(templates.filter((t) => t === 'tracking_picked_up')).toHaveLength(1);
    expect(templates.filter((t) => t === 'tracking_delivered')).toHaveLength(1);
    expect(templates.filter((t) => t === 'tracking_out_for_delivery' || t === 'tracking_ready_for_pickup')).toHaveLength(1);

    const order = await dataOf<{ status: string }>(await b.get(`/api/v1/orders/${token}`));
    expect(order.status).toBe('completed');
  });

  it('explains numbers it cannot track', async () => {
    const b = browser();
    const op = await track(b, 'OP2600000001');
    expect(op.status).toBe(400);
    expect(((await op.json()) as ErrorJson).errors![0]!.code).toBe('tracking.invalid_number_op');
    const malformed = await track(b, 'IZ12');
    expect(((await malformed.json()) as ErrorJson).errors![0]!.code).toBe('tracking.invalid_number');
    const unknown = await track(b, 'IZ0000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorJson).errors![0]!.code).toBe('tracking.not_found');
  });

  it('the poller asks the carrier for open parcels and stores what happened so far', async () => {
    const b = browser();
    const { shipment } = await paidShipment(b);
    // GLS's sandbox tells what happened by now: its driver took the parcel two days ago
    const parcelId = parseGlsRef(shipment.carrier_ref)!.parcelId;
    expect((await createSandboxApp().request(`/_sandbox/carriers/gls/_driver/pickup-scan/${parcelId}?hoursAgo=48`, { method: 'POST' }, env)).status).toBe(204);
    await pollTracking(env as never, () => {}, new Date(Date.now() + 10 * 86_400_000), 1000);
    const view = await dataOf<Tracking>(await track(b, shipment.tracking_number));
    expect(view.status).toBe('delivered');
    // asking again stores nothing twice
    await pollTracking(env as never, () => {}, new Date(Date.now() + 10 * 86_400_000), 1000);
    expect((await dataOf<Tracking>(await track(b, shipment.tracking_number))).events).toHaveLength(view.events.length);
  });
});

describe("the poller's round of open parcels", () => {
  const DAY = 86_400_000;

  it('goes on where the last run stopped, round all open parcels, however many a run may ask', async () => {
    const b = browser();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await paidShipment(b)).shipment.id);
    const now = new Date(Date.now() + DAY);
    const open = (await openShipments(env as never, 10_000, now)).map((s) => s.id);
    expect(open).toEqual(expect.arrayContaining(mine));
    // runs of 2: within ceil(open / 2) runs every open parcel was asked, none twice (the first runs always took the oldest two)
    await env.CACHE.delete('tracking-poll:after');
    const asked: number[] = [];
    for (let run = 0; run < Math.ceil(open.length / 2); run++) {
      const ids = (await nextOpenShipments(env as never, 2, now)).map((s) => s.id);
      expect(ids.length).toBeLessThanOrEqual(2);
      asked.push(...ids);
    }
    expect(asked.slice(0, open.length).sort((x, y) => x - y)).toEqual([...open].sort((x, y) => x - y));
    // and round again from the first
    expect((await nextOpenShipments(env as never, 2, now)).map((s) => s.id)[0]).toBe(open.length % 2 ? open[1] : open[0]);
  });

  it(`leaves a parcel the carrier has said nothing about for ${POLL_SILENT_DAYS} days`, async () => {
    const b = browser();
    const { shipment } = await paidShipment(b);
    const now = new Date(Date.now() + DAY);
    const quietSince = async (days: number) => {
      const at = new Date(now.getTime() - days * DAY).toISOString();
      await env.DB.prepare('UPDATE shipments SET tracking_at = ?, created_at = ? WHERE id = ?').bind(at, at, shipment.id).run();
      return (await openShipments(env as never, 10_000, now)).some((s) => s.id === shipment.id);
    };
    expect(await quietSince(POLL_SILENT_DAYS - 1)).toBe(true);
    expect(await quietSince(POLL_SILENT_DAYS + 1)).toBe(false);
    // an event since brings it back (tracking_at is the newest event's time)
    await env.DB.prepare('UPDATE shipments SET tracking_at = ? WHERE id = ?').bind(new Date(now.getTime() - DAY).toISOString(), shipment.id).run();
    expect((await openShipments(env as never, 10_000, now)).some((s) => s.id === shipment.id)).toBe(true);
  });

  it('reads only open parcels, on shipments_open, not every booked parcel on shipments_status', async () => {
    for (const to of [undefined, 50]) {
      const { sql, params } = openShipmentsPage(env.DB, 100, new Date().toISOString(), 10, to).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
      const steps = plan.results.map((r) => r.detail);
      expect(steps).toContainEqual(expect.stringMatching(/^SEARCH shipments USING INDEX shipments_open \(status=\? AND id>\?( AND id<\?)?\)$/));
      expect(steps.filter((d) => /shipments/.test(d) && !/shipments_open|INTEGER PRIMARY KEY/.test(d))).toEqual([]);
    }
  });
});

describe('the carrier webhook', () => {
  const post = async (b: Browser, carrier: string, body: unknown, signature?: string) => {
    const text = JSON.stringify(body);
    const sig = signature ?? (await signCarrierBody(carrierWebhookSecret(env as never, carrier)!, text));
    return b.call('POST', `/api/v1/carriers/${carrier}/events`, body, { 'x-carrier-signature': sig });
  };

  it('stores signed events once, sorts them by time, refuses a bad signature', async () => {
    const b = browser();
    const { shipment } = await paidShipment(b);
    const ref = shipment.carrier_ref;
    // GLS's status codes: 1 handed over to GLS, 2 left the parcel center
    const later = { parcel: ref, event_id: 'e2', status: '2', time: '2026-11-24T19:00:00.000Z', location: 'Hub Brno' };
    const earlier = { parcel: ref, event_id: 'e1', status: '1', time: '2026-11-24T13:00:00.000Z' };
    const forged = await post(b, 'gls', { events: [earlier] }, 'sha256=00');
    expect(forged.status).toBe(403);

    // acknowledged at once; the tracking queue's consumer stores them (tests/worker/queues.test.ts)
    const res = await post(b, 'gls', { events: [later, earlier, { parcel: 'UNKNOWN-1', status: '5', time: '2026-11-24T19:00:00.000Z' }] });
    expect(res.status).toBe(202);
    expect(await dataOf(res)).toEqual({ queued: 3 });
    // (the consumer's isolate memory is not the request's: the stored rows, not a remembered view)
    const stored = () => env.DB.prepare('SELECT COUNT(*) AS n FROM tracking_events WHERE shipment_id = ?').bind(shipment.id).first<{ n: number }>();
    await expect.poll(async () => (await stored())!.n, { timeout: 10_000, interval: 50 }).toBe(2);
    // without the queue (deployed without its binding) they are stored in the request: a repeated event once
    const again = await b.call('POST', `/api/v1/carriers/gls/events`, { events: [later] }, { 'x-carrier-signature': await signCarrierBody(carrierWebhookSecret(env as never, 'gls')!, JSON.stringify({ events: [later] })) }, { TRACKING_QUEUE: undefined });
    expect(await dataOf(again)).toEqual({ stored: 0, duplicates: 1, unknown_parcels: 0 });

    const view = await dataOf<Tracking>(await track(b, shipment.tracking_number));
    expect(view.events.map((e) => e.status)).toEqual(['picked_up', 'in_transit']);
    expect(view.status).toBe('in_transit');
    expect((await post(b, 'nosuch', { events: [earlier] })).status).toBe(404);
  });

  it('a remembered answer is forgotten when the parcel changes: a cancellation shows at once', async () => {
    const b = browser();
    const { token, shipment } = await paidShipment(b);
    expect((await dataOf<Tracking>(await track(b, shipment.tracking_number))).status).toBe('pending');
    const storno = await b.post('/api/v1/shipments/storno', { shipments: [{ id: shipment.id }], token });
    expect(storno.status).toBe(200);
    expect((await dataOf<Tracking>(await track(b, shipment.tracking_number))).status).toBe('cancelled');
  });
});
