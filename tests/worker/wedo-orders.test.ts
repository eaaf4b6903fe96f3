import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { wedo } from '../../src/server/carriers/wedo';
import { isWedoBarcode, isWedoOrderNumber } from '../../src/server/carriers/wedo/sandbox';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf } from './client';
import { carrierOrderBody, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** One by Allegro orders of the product, booked with the WE|DO client against its sandbox (local development) */
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const atWedo = (order: string) => env.DB.prepare('SELECT * FROM sandbox_wedo_packages WHERE order_number = ?').bind(order).first<Record<string, unknown>>();
const scan = (order: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/wedo/_driver/pickup-scan/${order}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const wedoPoint = (collection: boolean) =>
  env.DB.prepare(
    `SELECT p.id FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'wedo' AND p.country = 'cz' AND p.kind = 'locker' AND p.statuses = '["active"]'${collection ? ' AND p.is_collection = 1' : ''} ORDER BY p.id LIMIT 1`,
  ).first<{ id: string }>();

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a One by Allegro order books with the WE|DO client (its sandbox locally)', () => {
  it('books a two-package Home shipment: WE|DO’s order number, a barcode per package kept and shown, its labels printed', async () => {
    const b = browser();
    const paid = await placePaidOrder(b, carrierOrderBody('wedo-home', [2, 5]));
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const { ref } = (await row(s!.id))!;
    expect(isWedoOrderNumber(ref!)).toBe(true);
    expect(await atWedo(ref!)).toMatchObject({ product: 'M-24-CZ', reference: s!.tracking_number });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    expect(s!.carrier_parcel_numbers.every(isWedoBarcode)).toBe(true);
    expect(JSON.parse((await atWedo(ref!))!.barcodes as string)).toEqual(s!.carrier_parcel_numbers);
    const a6 = new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer());
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
  });

  it('books a Box shipment to the chosen One Box (product BOX, the box on the package)', async () => {
    const to = (await wedoPoint(false))!.id;
    const from = (await wedoPoint(true))!.id;
    const paid = await placePaidOrder(browser(), { ...carrierOrderBody('wedo-box', [1]), items: [{ ...carrierOrderBody('wedo-box', [1]).items[0]!, collection_point_id: from, delivery_point_id: to }] });
    // one name: 'One by Allegro Box', not 'One by Allegro Box Box' (issue 27 item 6), on the order and in its e-mail
    const view = await dataOf<{ number: string; email: string; items: { carrier: { name: string }; service_name: string }[] }>(await browser().get(`/api/v1/orders/${paid.token}`));
    const named = [view.items[0]!.carrier.name, view.items[0]!.service_name].filter(Boolean).join(' ');
    expect(named).toMatch(/One by Allegro/);
    expect(named.split(' ').filter((word, i, all) => all.indexOf(word) !== i)).toEqual([]);
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE template = 'order_confirmation' AND text LIKE ?").bind(`%${view.number}%`).first<{ text: string }>();
    expect(mail!.text).not.toMatch(/Box Box/);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    expect(await atWedo(s!.carrier_ref!)).toMatchObject({ product: 'BOX', point: to });
  });

  it('storno before the courier has it deletes it at WE|DO; after the pickup scan WE|DO refuses (with the carrier) and nothing is refunded', async () => {
    const b = browser();
    const first = await placePaidOrder(b, carrierOrderBody('wedo-home', [1]));
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await atWedo(first.shipments[0]!.carrier_ref!))!.deleted_at).not.toBeNull();

    const second = await placePaidOrder(b, carrierOrderBody('wedo-home', [1]));
    const ref = (await row(second.shipments[0]!.id))!.ref!;
    expect((await scan(ref)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, code: 'order.storno.with_carrier', message: expect.stringContaining('PACKAGE_SENT') });
    expect((await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('a lost booking answer is found by our reference before the retry: WE|DO booked it once', async () => {
    const b = browser();
    const body = carrierOrderBody('wedo-home', [2, 3], { reference: `Dárek ${SANDBOX_LOSE_ANSWER}` });
    const created = await dataOf<CarrierOrder>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const booked = async () => (await env.DB.prepare('SELECT order_number AS id, barcodes FROM sandbox_wedo_packages WHERE reference = ?').bind(pending!.tracking_number).all<{ id: string; barcodes: string }>()).results;
    expect(await booked()).toHaveLength(1);
    await retryOrderWork(env as never, () => {}, new Date());
    const [one] = await booked();
    expect(await booked()).toHaveLength(1);
    const [s] = (await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', carrier_ref: one!.id, carrier_parcel_numbers: JSON.parse(one!.barcodes) });
  });

  it('tracks through the poller: each new WE|DO state is kept as an event, mapped onto ours', async () => {
    const paid = await placePaidOrder(browser(), carrierOrderBody('wedo-home', [1]));
    const id = paid.shipments[0]!.id;
    const { ref } = (await row(id))!;
    await pollTracking(env as never, () => {}, new Date());
    await scan(ref!);
    await pollTracking(env as never, () => {}, new Date(Date.now() + 1000));
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY id').bind(id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: 'CREATED', status: 'pending' },
      { raw: 'COLLECTED', status: 'picked_up' },
    ]);
    expect((await row(id))!.status).toBe('picked_up');
  });

  it('a state outside the table is stored raw as unknown', async () => {
    const paid = await placePaidOrder(browser(), carrierOrderBody('wedo-home', [1], { reference: 'SANDBOX-UNKNOWN-STATUS' }));
    const id = paid.shipments[0]!.id;
    await scan((await row(id))!.ref!, 5.5);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ?').bind(id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([{ raw: 'SORTED_AT_HUB', status: 'unknown' }]);
  });
});

describe('which transport books One by Allegro', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, WEDO_API_USER: undefined, WEDO_API_KEY: undefined } as never;
  it('the WE|DO client with credentials, none deployed without them (not orderable), never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, wedo)).toBeNull();
    expect(carrierOrderable(deployed, 'wedo')).toBe(false);
    expect(carrierOrderable({ ...(deployed as object), WEDO_API_KEY: 'k' } as never, 'wedo')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), WEDO_API_USER: 'u', WEDO_API_KEY: 'k' } as never, wedo);
    expect(real).not.toBeNull();
  });

  it('deployed without credentials an order of One by Allegro is refused at checkout', async () => {
    const res = await browser().call('POST', '/api/v1/orders', carrierOrderBody('wedo-home', [1]), { 'idempotency-key': `test-${crypto.randomUUID()}` }, { LOCAL_DEV: undefined });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }]);
  });
});
