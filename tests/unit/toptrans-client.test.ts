import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { toptrans } from '../../src/server/carriers/toptrans';
import { orderRequestOf, piecesOf, toptransTransport, trackingEventsOf } from '../../src/server/carriers/toptrans/client';
import { orderSaveRequest, type OrderItem } from '../../src/server/carriers/toptrans/schemas';
import { dailyLoading, territoryOfZip } from '../../src/server/carriers/toptrans/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import * as v from 'valibot';
import { searchAnswer, toptransBooking } from './toptrans-fixtures';

const context = { exchangeRates: { CZK: 1, EUR: 25, USD: 22 }, now: new Date('2026-11-27T08:00:00Z') };
const loading = { date: '2026-11-27', from: '08:00', to: '16:00' };

describe('TOPTRANS mapping: our booking → order/save', () => {
  it('maps the sender as the loading address, the recipient, one pack line per package, weight, volume, COD and value', () => {
    const req = orderRequestOf(toptransBooking({ weights: [12.345, 7], cod: { value: 1250.5, currency: 'CZK' }, insurance: { value: 40_000, currency: 'CZK' }, reference: 'FA-2026-17' }), loading, context);
    expect(v.safeParse(orderSaveRequest, req).success).toBe(true);
    expect(req).toMatchObject({ term_id: 1, payer_select: 1, loading_select: 2, loading_date: '2026-11-27', loading_time_from: '08:00', loading_time_to: '16:00', label: 'IZ2611270001 FA-2026-17' });
    expect(req.loading).toEqual({
      name: 'Keramika Nováková s.r.o.',
      first_name: 'Jana',
      last_name: 'Nováková',
      phone: '+420601234567',
      email: 'jana@example.cz',
      address: { city: 'Brno', street: 'Křenová', house_num: '57/12', zip: '60200' },
    });
    expect(req.discharge).toEqual({ name: 'Petr Svoboda', first_name: 'Petr', last_name: 'Svoboda', phone: '+420777000111', email: 'petr@example.cz', address: { city: 'Praha', street: 'Masarykova', house_num: '3', zip: '11000' } });
    expect(req.packs).toEqual([
      { pack_id: 55, quantity: 1, dimensions_d: 40, dimensions_s: 30, dimensions_v: 20 },
      { pack_id: 55, quantity: 1, dimensions_d: 40, dimensions_s: 30, dimensions_v: 20 },
    ]);
    expect([req.kg, req.m3]).toEqual([19.35, 0.048]);
    expect(req).toMatchObject({ cash_on_delivery_type: 1, cash_on_delivery_price: 1250.5, cash_on_delivery_price_cur_id: 1, var_symbol: '2611270001', order_value: 40_000, order_value_currency_id: 1 });
    expect(req.num_epals).toBeUndefined();
  });

  it('pallets go as Euro pallets to swap; a Slovak recipient by its post code; EUR is currency 2, other values in CZK', () => {
    const req = orderRequestOf(toptransBooking({ type: 'pallet', weights: [300, 280], toSk: true, cod: { value: 99, currency: 'EUR' }, insurance: { value: 1000, currency: 'USD' } }), { date: null, from: null, to: null }, context);
    expect(req.packs.map((p) => p.pack_id)).toEqual([3, 3]);
    expect(req).toMatchObject({ num_epals: 2, cash_on_delivery_price_cur_id: 2, order_value: 22_000, order_value_currency_id: 1, discharge: { phone: '+421905123456', address: { zip: '81101', city: 'Bratislava' } } });
    expect(req.loading_date).toBeUndefined();
    expect(territoryOfZip('81101')).toBe('sk');
    expect(territoryOfZip('01001')).toBe('sk');
    expect(territoryOfZip('60200')).toBe('cz');
  });

  it('tyres and envelopes have their own pack types; what TOPTRANS cannot carry is refused before any call', () => {
    expect(orderRequestOf(toptransBooking({ type: 'tire' }), loading, context).packs[0]!.pack_id).toBe(4);
    expect(orderRequestOf(toptransBooking({ type: 'envelope' }), loading, context).packs[0]!.pack_id).toBe(26);
    const abroad = toptransBooking();
    abroad.recipient = { ...abroad.recipient, country: 'PL', zip: '00-950' };
    expect(() => orderRequestOf(abroad, loading, context)).toThrow(CarrierRefusedError);
    expect(() => orderRequestOf(toptransBooking({ cod: { value: 10, currency: 'USD' } }), loading, context)).toThrow(/CZK or EUR/);
  });
});

describe('TOPTRANS mapping: its answers → our results', () => {
  it('piece numbers as listed, else consecutive from the first', () => {
    const item = searchAnswer().data[0]! as OrderItem;
    expect(piecesOf(item)).toEqual(['730000125560', '730000125561']);
    expect(piecesOf({ ...item, piece_numbers: undefined, piece_number_from: '099999999999', quantity_sum: 3 })).toEqual(['099999999999', '100000000000', '100000000001']);
    expect(piecesOf({ ...item, piece_numbers: [], piece_number_from: null })).toEqual([]);
  });

  it('history → raw events oldest first, times in UTC, unknown states kept raw and shown as unknown', () => {
    const events = trackingEventsOf(searchAnswer().data[0]!.history, '5200418837');
    expect(events.map((e) => [e.rawStatus, e.time, toptrans.trackingStatus(e.rawStatus)])).toEqual([
      ['NEW', '2026-11-27T07:40:00.000Z', 'pending'],
      ['LOADED', '2026-11-27T13:20:00.000Z', 'picked_up'],
      ['VAZENI', '2026-11-27T15:00:00.000Z', 'unknown'],
      ['TRANSIT', '2026-11-27T17:05:00.000Z', 'in_transit'],
    ]);
    expect(events[1]).toMatchObject({ location: 'Brno', description: 'Zásilka naložena', eventId: '5200418837-2026-11-27T13:20:00.000Z-LOADED' });
  });

  it('the state table maps every TOPTRANS state we know', () => {
    expect(['NEW', 'LOADED', 'TRANSIT', 'DEPOT', 'DELIVERY', 'DELIVERED', 'UNDELIVERED', 'STORED', 'RETURN', 'STORNO'].map((s) => toptrans.trackingStatus(s))).toEqual([
      'pending',
      'picked_up',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'delivery_failed',
      'on_hold',
      'return_to_sender',
      'cancelled',
    ]);
  });

  it('without a scan the driver loads on the loading day at 14:00 UTC, else the next working day', () => {
    expect(new Date(dailyLoading({ loadingDate: '2026-11-30', createdAt: '2026-11-27T09:00:00.000Z' })).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    // booked on a Friday without a loading day: Monday
    expect(new Date(dailyLoading({ loadingDate: null, createdAt: '2026-11-27T09:00:00.000Z' })).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });
});

async function twoPagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([298, 420]);
  doc.addPage([298, 420]);
  return Buffer.from(await doc.save()).toString('base64');
}

describe('TOPTRANS client over a recorded conversation', () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const ok = (data: unknown) => Response.json({ status: 'ok', data, errors: [] });

  function client(answers: Record<string, () => Promise<Response> | Response>, seen: Request[] = []) {
    return toptransTransport({
      baseUrl: 'https://zp.test/',
      username: 'eshop.novakova',
      password: 'Heslo-čárka',
      timeoutMs: 50,
      fetch: async (r) => {
        seen.push(r.clone() as Request);
        const method = new URL(r.url).pathname.replace('/api/json/', '').replace(/\/$/, '');
        return answers[method]!();
      },
    });
  }

  it('books: Basic auth with the ZP2 login in UTF-8, JSON posted to /api/json/{method}/, the order number and a label page per piece', async () => {
    const seen: Request[] = [];
    const pdf = await twoPagePdf();
    const booked = await client({ 'order/save': () => ok({ id: 48213 }), 'order/send': () => ok({ files: [{ filename: 'stitky.pdf', data: pdf }], orderListObj: 77 }), 'order/search': () => Response.json(searchAnswer()) }, seen).create(
      toptransBooking({ weights: [2, 3] }),
      context,
    );
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST https://zp.test/api/json/order/save/', 'POST https://zp.test/api/json/order/send/', 'POST https://zp.test/api/json/order/search/']);
    expect(seen[0]!.headers.get('authorization')).toBe(`Basic ${Buffer.from('eshop.novakova:Heslo-čárka', 'utf8').toString('base64')}`);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[1]!.json()).toEqual({ ids: [48213], options: { position: 0 } });
    expect(await seen[2]!.json()).toEqual({ id: 48213 });
    expect(booked.carrierRef).toBe('5200418837');
    expect(booked.packages!.map((p) => p.carrierRef)).toEqual(['730000125560', '730000125561']);
    for (const p of booked.packages!) expect((await PDFDocument.load(Buffer.from(p.label!.data, 'base64'))).getPageCount()).toBe(1);
  });

  it('a label PDF whose pages do not match the pieces books without the carrier’s labels', async () => {
    const one = await PDFDocument.create();
    one.addPage();
    const pdf = Buffer.from(await one.save()).toString('base64');
    const booked = await client({ 'order/save': () => ok({ id: 48213 }), 'order/send': () => ok({ files: [{ filename: 'a4.pdf', data: pdf }] }), 'order/search': () => Response.json(searchAnswer()) }).create(toptransBooking({ weights: [2, 3] }), context);
    expect(booked.packages!.map((p) => p.label)).toEqual([null, null]);
  });

  it('status error is a refusal with TOPTRANS’s sentences (no code); 401 and 5xx are unavailable; so is an answer it cannot read or none in time', async () => {
    const refusedAnswer = () => Response.json({ status: 'error', errors: ['Neplatné PSČ 99999 (discharge).', 'Chybí telefon.'] });
    const refused = await client({ 'order/save': refusedAnswer }).create(toptransBooking(), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ message: 'TOPTRANS: Neplatné PSČ 99999 (discharge). Chybí telefon.', code: undefined });
    await expect(client({ 'order/save': () => Response.json({ status: 'error', errors: ['Neplatné přihlašovací údaje.'] }, { status: 401 }) }).create(toptransBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    await expect(client({ 'order/save': () => new Response('Bad gateway', { status: 502 }) }).create(toptransBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    await expect(client({ 'order/save': () => ok({ number: 'x' }) }).create(toptransBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    await expect(client({ 'order/save': () => new Promise<Response>(() => {}) }).create(toptransBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it('cancel: deletes a new order by its id; refuses a loaded one as with the carrier without deleting', async () => {
    const seen: Request[] = [];
    await client({ 'order/search': () => Response.json(searchAnswer({ state: 'NEW' })), 'order/delete': () => ok(null) }, seen).cancel('5200418837', null, new Date(), 'toptrans-standard');
    expect(await seen[0]!.json()).toEqual({ order_number: '5200418837' });
    expect(await seen[1]!.json()).toEqual({ ids: [48213] });
    const calls: Request[] = [];
    const refused = await client({ 'order/search': () => Response.json(searchAnswer({ state: 'DEPOT' })), 'order/delete': () => ok(null) }, calls).cancel('5200418837', null, new Date(), 'toptrans-standard').catch((e: unknown) => e);
    expect(refused).toMatchObject({ refusal: 'with_carrier' });
    expect(calls).toHaveLength(1);
  });

  it('find: an order with our tracking number as its label, sent, its labels printed again; none when TOPTRANS has none', async () => {
    const seen: Request[] = [];
    const pdf = await twoPagePdf();
    const found = await client({ 'order/search': () => Response.json(searchAnswer()), 'order/print-labels': () => ok({ files: [{ filename: 'x.pdf', data: pdf }] }) }, seen).find!(toptransBooking(), context);
    expect(await seen[0]!.json()).toEqual({ label: 'IZ2611270001' });
    expect(new URL(seen[1]!.url).pathname).toBe('/api/json/order/print-labels/');
    expect(found).toMatchObject({ carrierRef: '5200418837', packages: [{ carrierRef: '730000125560' }, { carrierRef: '730000125561' }] });
    // another order whose label only begins with the same characters is not ours
    expect(await client({ 'order/search': () => Response.json(searchAnswer({ label: 'IZ26112700012' })) }).find!(toptransBooking(), context)).toBeNull();
    expect(await client({ 'order/search': () => ok([]) }).find!(toptransBooking(), context)).toBeNull();
  });

  it('find: an order saved but never sent (the answer of order/save was lost) is sent now', async () => {
    const seen: Request[] = [];
    const pdf = await twoPagePdf();
    const draft = searchAnswer({ order_number: null, piece_number_from: null, piece_numbers: [], state: 'NEW', history: [] });
    let searches = 0;
    const found = await client({ 'order/search': () => Response.json(searches++ === 0 ? draft : searchAnswer()), 'order/send': () => ok({ files: [{ filename: 'x.pdf', data: pdf }] }) }, seen).find!(toptransBooking(), context);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/json/order/search/', '/api/json/order/send/', '/api/json/order/search/']);
    expect(await seen[2]!.json()).toEqual({ id: 48213 });
    expect(found?.packages?.map((p) => p.label?.format)).toEqual(['PDF', 'PDF']);
  });
});
