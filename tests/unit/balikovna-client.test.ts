import { createHash, createHmac } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { balikovna } from '../../src/server/carriers/balikovna';
import {
  balikovnaTransport,
  parcelCodesOf,
  parcelServiceRequestsOf,
  phoneOf,
  signatureHeaders,
  sizeCategory,
  streetOf,
  trackingEventsOf,
  variableSymbolOf,
  type BalikovnaConfig,
} from '../../src/server/carriers/balikovna/client';
import { balikovnaRates } from '../../src/server/carriers/balikovna/rates';
import {
  balikovnaSandbox,
  CPOST_SANDBOX_API_TOKEN,
  CPOST_SANDBOX_CUSTOMER_ID,
  CPOST_SANDBOX_LOCATION,
  CPOST_SANDBOX_POST_CODE,
  CPOST_SANDBOX_SECRET_KEY,
  cpostCheckDigit,
  handInTime,
  isValidParcelCode,
  memoryCpostStore,
  SANDBOX_UNKNOWN_STATUS,
  ZSK_PATH,
} from '../../src/server/carriers/balikovna/sandbox';
import { parcelServiceResponse, parcelStatusResponse } from '../../src/server/carriers/balikovna/schemas';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import * as v from 'valibot';
import { acceptedAnswer, cpostBooking, errorAnswer, refusedAnswer, statusAnswer } from './balikovna-fixtures';

const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date('2026-11-27T09:00:00Z') };
const account = { customerId: 'U999', postCode: '11000', locationNumber: 1, includedCover: 5000 };
vi.spyOn(console, 'info').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});

describe('Balíkovna mapping: our booking → parcelService', () => {
  it('Do ruky: one multi-part consignment, declared value and COD on the main parcel, size categories, the addressee split as Česká pošta wants it', () => {
    const [request, ...more] = parcelServiceRequestsOf(cpostBooking({ weights: [2.25, 7.1234], cod: { value: 1290.4, currency: 'CZK' }, insurance: { value: 12_000, currency: 'CZK' }, reference: 'OBJ-2026-311' }), account, context);
    expect(more).toEqual([]);
    expect(request!.parcelServiceHeader).toEqual({
      parcelServiceHeaderCom: { transmissionDate: '2026-11-27', customerID: 'U999', postCode: '11000', locationNumber: 1 },
      senderAddress: { companyName: 'Dřevěné hračky Horák s.r.o.', aditionAddress: 'Radek Horák', street: 'Cejl', houseNumber: '481', sequenceNumber: '27', city: 'Brno', zipCode: '60200', isoCountry: 'CZ' },
      printParams: { idForm: 101, shiftHorizontal: 0, shiftVertical: 0 },
      position: 1,
    });
    const data = request!.parcelServiceData;
    expect(data.parcelParams).toEqual({ recordID: 'IZ2611270042-1', prefixParcelCode: 'DR', weight: '2.25', insuredValue: 12_000, amount: 1290, currency: 'CZK', vsVoucher: '2611270042', sequenceParcel: 1, quantityParcel: 2, note: 'OBJ-2026-311' });
    expect(data.parcelServices).toEqual(['7', '41', '70', 'M']);
    expect(data.parcelAddress).toEqual({
      firstName: 'Marie Anna',
      surname: 'Dvořáková',
      subject: 'F',
      address: { street: 'Lannova tř.', houseNumber: '1052', sequenceNumber: '6', city: 'České Budějovice', zipCode: '37001', isoCountry: 'CZ' },
      mobilNumber: '+420731222333',
      emailAddress: 'marie@example.cz',
    });
    expect(request!.multipartParcelData).toEqual([
      { addParcelData: { recordID: 'IZ2611270042-2', prefixParcelCode: 'DR', weight: '7.123', sequenceParcel: 2, quantityParcel: 2, note: 'OBJ-2026-311' }, addParcelDataServices: ['70', 'M'] },
    ]);
  });

  it('a single parcel is no multi-part; without insurance it declares the liability its price includes; EUR insurance is declared in CZK', () => {
    const [single] = parcelServiceRequestsOf(cpostBooking({ longest: 120 }), account, context);
    expect(single!.parcelServiceData.parcelParams).toEqual({ recordID: 'IZ2611270042', prefixParcelCode: 'DR', weight: '2.25', insuredValue: 5000 });
    expect(single!.parcelServiceData.parcelServices).toEqual(['7', 'XL']);
    expect(single!.multipartParcelData).toBeUndefined();
    const [euro] = parcelServiceRequestsOf(cpostBooking({ insurance: { value: 400, currency: 'EUR' }, cod: { value: 55.5, currency: 'EUR' } }), account, context);
    expect(euro!.parcelServiceData.parcelParams).toMatchObject({ insuredValue: 10_000, amount: 55.5, currency: 'EUR' });
  });

  it('Balíkovna: addressed to the point (street "Balíkovna", its code as the zip), one request per parcel, COD on the first, no size category', () => {
    const requests = parcelServiceRequestsOf(cpostBooking({ serviceId: 'balikovna-na-balikovnu', weights: [1, 3], cod: { value: 500, currency: 'CZK' }, insurance: { value: 3001, currency: 'CZK' } }), account, context, '37011');
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.parcelServiceData.parcelParams)).toEqual([
      { recordID: 'IZ2611270042-1', prefixParcelCode: 'NB', weight: '1', insuredValue: 1500, amount: 500, currency: 'CZK', vsVoucher: '2611270042' },
      { recordID: 'IZ2611270042-2', prefixParcelCode: 'NB', weight: '3', insuredValue: 1501 },
    ]);
    expect(requests.map((r) => r.parcelServiceData.parcelServices)).toEqual([['7', '41'], ['7']]);
    expect(requests[0]!.parcelServiceData.parcelAddress.address).toEqual({ street: 'Balíkovna', zipCode: '37011', isoCountry: 'CZ' });
  });

  it('refuses what it cannot send: another service, a Balíkovna parcel without its point, more than five parts', () => {
    expect(() => parcelServiceRequestsOf(cpostBooking({ serviceId: 'balikovna-teleport' }), account, context)).toThrow(CarrierRefusedError);
    expect(() => parcelServiceRequestsOf(cpostBooking({ serviceId: 'balikovna-na-balikovnu' }), account, context, null)).toThrow(/Balíkovna point/);
    expect(() => parcelServiceRequestsOf(cpostBooking({ weights: [1, 1, 1, 1, 1, 1] }), account, context)).toThrow(/at most 5/);
  });

  it('splits addresses, phones, sizes and the variable symbol as Česká pošta reads them', () => {
    expect(streetOf('5. května 1109/63')).toEqual({ street: '5. května', houseNumber: '1109', sequenceNumber: '63' });
    expect(streetOf('Na Příkopě 12a')).toEqual({ street: 'Na Příkopě', houseNumber: '12a' });
    expect(streetOf('Lhota')).toEqual({ street: 'Lhota' });
    expect([phoneOf('601 234 567', 'CZ'), phoneOf('905 123 456', 'SK'), phoneOf('00420601234567', 'CZ'), phoneOf(null, 'CZ')]).toEqual(['+420601234567', '+421905123456', '+420601234567', undefined]);
    const box = (longest: number) => ({ type: 'package' as const, weight: 1, width: 10, height: 10, length: longest });
    expect([35, 36, 50, 100, 101].map((l) => sizeCategory(box(l)))).toEqual(['S', 'M', 'M', 'L', 'XL']);
    expect(variableSymbolOf('IZ2611270042')).toBe('2611270042');
  });
});

describe('Balíkovna mapping: Česká pošta answers → our results', () => {
  it('an accepted parcelService answer gives the parcel codes in order (INFO_ states are no errors)', () => {
    expect(parcelCodesOf(v.parse(parcelServiceResponse, acceptedAnswer()), 2)).toEqual(['DR1234567894U', 'DR0000000005U']);
    expect(() => parcelCodesOf(v.parse(parcelServiceResponse, acceptedAnswer()), 3)).toThrow(CarrierUnavailableError);
  });

  it('a refusal answered with HTTP 200 is a refusal with the parcel’s own code', () => {
    const refused = (() => {
      try {
        parcelCodesOf(v.parse(parcelServiceResponse, refusedAnswer), 1);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '261', message: 'Česká pošta 261 MISSING_SIZE_CATEGORY' });
  });

  it('parcelStatus states → raw events oldest first, codes kept, bare dates at midnight, mapped by the table (unknown stays unknown)', () => {
    const events = trackingEventsOf(v.parse(parcelStatusResponse, statusAnswer).detail![0]!.parcelStatuses!, 'NB1234567894U');
    expect(events.map((e) => [e.rawStatus, e.time, balikovna.trackingStatus(e.rawStatus)])).toEqual([
      ['-M', '2026-11-24T00:00:00.000Z', 'pending'],
      ['21', '2026-11-25T13:05:00.000Z', 'picked_up'],
      ['BG4', '2026-11-25T18:00:00.000Z', 'unknown'],
      ['P2', '2026-11-26T08:40:00.000Z', 'ready_for_pickup'],
    ]);
    expect(events[1]).toMatchObject({ location: 'Brno 2', description: 'Zásilka převzata do přepravy.' });
    expect(events[2]).toMatchObject({ location: null, description: null });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
  });

  it('the tracking table', () => {
    expect(['-M', '21', '-B', '-K', '51', '53', 'P2', '82', '91', 'p2', '42'].map((c) => balikovna.trackingStatus(c))).toEqual([
      'pending',
      'picked_up',
      'in_transit',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'ready_for_pickup',
      'ready_for_pickup',
      'delivered',
      'ready_for_pickup',
      'unknown',
    ]);
  });
});

describe('Česká pošta signatures and parcel codes', () => {
  it('signs HMAC-SHA256 over "content hash;timestamp;nonce" with the secret key text, base64; the hash is the body’s hex SHA-256', async () => {
    const body = '{"parcelIds":["NB1234567894U"],"language":"CZ"}';
    const secretKey = 'bm90LWEtcmVhbC1rZXktanVzdC1hbi1leGFtcGxlLTIwMjY=';
    const headers = await signatureHeaders({ apiToken: '0b6f1c52-2a4e-4c1d-9a77-3d2e5f60a1b2', secretKey }, body, 1_795_000_000, 'c0ffee00-1234-4abc-8def-001122334455');
    // the same by Node's own crypto, as Česká pošta's example describes it
    const hash = createHash('sha256').update(body, 'utf8').digest('hex');
    const signature = createHmac('sha256', secretKey).update(`${hash};1795000000;c0ffee00-1234-4abc-8def-001122334455`, 'utf8').digest('base64');
    expect(headers).toEqual({
      'Api-Token': '0b6f1c52-2a4e-4c1d-9a77-3d2e5f60a1b2',
      'Authorization-Timestamp': '1795000000',
      'Authorization-Content-SHA256': hash,
      Authorization: `CP-HMAC-SHA256 nonce="c0ffee00-1234-4abc-8def-001122334455", signature="${signature}"`,
    });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // a request without a body signs ";timestamp;nonce" and sends no content hash
    const empty = await signatureHeaders({ apiToken: 't', secretKey }, '', 1_795_000_000, 'n');
    expect(empty).not.toHaveProperty('Authorization-Content-SHA256');
    expect(empty.Authorization).toContain(createHmac('sha256', secretKey).update(';1795000000;n').digest('base64'));
  });

  it('domestic parcel codes: two letters, nine digits, the check digit (weights 1 8 6 4 2 3 5 9 7, mod 11: remainder 0 → 5, 1 → 0) and U', () => {
    expect(cpostCheckDigit('123456789')).toBe(4);
    expect(cpostCheckDigit('000000000')).toBe(5);
    expect(cpostCheckDigit('100000000')).toBe(0);
    expect(isValidParcelCode('DR1234567894U')).toBe(true);
    expect(isValidParcelCode('DR1234567895U')).toBe(false);
    expect(isValidParcelCode('DR123456789CZ')).toBe(false);
  });

  it('without a counter scan the sandbox hands a consignment in the same working day before 14:00 Prague time, else the next working day', () => {
    const at = (iso: string) => new Date(handInTime(iso)).toISOString();
    expect(at('2026-11-23T08:00:00.000Z')).toBe('2026-11-23T14:00:00.000Z'); // Monday 09:00
    expect(at('2026-11-23T13:30:00.000Z')).toBe('2026-11-24T14:00:00.000Z'); // Monday 14:30
    expect(at('2026-11-27T15:00:00.000Z')).toBe('2026-11-30T14:00:00.000Z'); // Friday → Monday
  });
});

describe('Balíkovna client against the in-process sandbox', () => {
  const sandbox = balikovnaSandbox(((store) => () => store)(memoryCpostStore()));
  const BASE = `http://balikovna.sandbox${ZSK_PATH}`;
  const config = (over: Partial<BalikovnaConfig> = {}): BalikovnaConfig => ({
    baseUrl: BASE,
    apiToken: CPOST_SANDBOX_API_TOKEN,
    secretKey: CPOST_SANDBOX_SECRET_KEY,
    customerId: CPOST_SANDBOX_CUSTOMER_ID,
    postCode: CPOST_SANDBOX_POST_CODE,
    locationNumber: CPOST_SANDBOX_LOCATION,
    sheet: balikovnaRates,
    fetch: async (r) => sandbox.fetch(r, {} as never),
    ...over,
  });
  const now = { exchangeRates: { CZK: 1 }, now: new Date() };
  const scan = (code: string, hoursAgo = 0) => sandbox.request(`/_post-office/acceptance-scan/${code}?hoursAgo=${hoursAgo}`, { method: 'POST' }, {} as never);
  const query = (carrierRef: string, toParcelPoint = false) => ({ carrierRef, trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint, fromCity: 'Brno', toCity: 'České Budějovice', createdAt: new Date().toISOString() });

  it('books two parcels: valid codes, one single-page PDF label each; cancels before the hand-in, refuses after it', async () => {
    const t = balikovnaTransport(config());
    const booked = await t.create(cpostBooking({ weights: [1, 2] }), now);
    const codes = booked.packages!.map((p) => p.carrierRef);
    expect(codes.every(isValidParcelCode)).toBe(true);
    expect(codes.every((c) => c.startsWith('DR'))).toBe(true);
    expect(booked.carrierRef).toBe(codes[0]);
    for (const p of booked.packages!) {
      expect(p.label?.format).toBe('PDF');
      expect((await PDFDocument.load(Buffer.from(p.label!.data, 'base64'))).getPageCount()).toBe(1);
    }
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'balikovna-do-ruky');
    expect((await scan(codes[1]!)).status).toBe(204);
    const refused = await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'balikovna-do-ruky').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '21' });
  });

  it('tracks states that move with the hand-in; a Balíkovna parcel waits at its point', async () => {
    const t = balikovnaTransport(config());
    const booked = await t.create(cpostBooking({ serviceId: 'balikovna-na-balikovnu', reference: SANDBOX_UNKNOWN_STATUS }), now);
    expect(booked.carrierRef).toMatch(/^NB\d{10}U$/);
    expect((await t.track(query(booked.carrierRef, true), new Date())).map((e) => e.rawStatus)).toEqual(['-M']);
    await scan(booked.carrierRef, 20);
    const events = await t.track(query(booked.carrierRef, true), new Date());
    expect(events.map((e) => [e.rawStatus, balikovna.trackingStatus(e.rawStatus)])).toEqual([
      ['-M', 'pending'],
      ['21', 'picked_up'],
      ['-K', 'in_transit'],
      ['BG4', 'unknown'],
      ['P2', 'ready_for_pickup'],
    ]);
  });

  it("refuses what Česká pošta refuses with its code; SANDBOX-CARRIER-DOWN is a 503 and unavailable", async () => {
    const t = balikovnaTransport(config());
    const heavy = await t.create(cpostBooking({ serviceId: 'balikovna-na-balikovnu', weights: [25] }), now).catch((e: unknown) => e);
    expect(heavy).toMatchObject({ name: 'CarrierRefusedError', code: '104' });
    const silent = await t.create(cpostBooking({ serviceId: 'balikovna-na-balikovnu', recipientPhone: null, recipientEmail: null }), now).catch((e: unknown) => e);
    expect(silent).toMatchObject({ code: '138' });
    await expect(t.create(cpostBooking({ reference: SANDBOX_CARRIER_DOWN }), now)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(balikovnaTransport(config({ customerId: 'U111' })).create(cpostBooking(), now)).rejects.toMatchObject({ code: '10' });
  });

  it('a wrong secret key is refused by the signature check: the carrier is unavailable (our configuration), not the shipment refused', async () => {
    await expect(balikovnaTransport(config({ secretKey: 'd3Jvbmc=' })).create(cpostBooking(), now)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('the sandbox refuses a stale timestamp, a changed body and a reused nonce with 401', async () => {
    const body = JSON.stringify({ parcelIds: ['DR1234567894U'] });
    const send = async (headers: Record<string, string>, sent = body) =>
      sandbox.request(`${ZSK_PATH}/parcelStatus`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: sent }, {} as never);
    const keys = { apiToken: CPOST_SANDBOX_API_TOKEN, secretKey: CPOST_SANDBOX_SECRET_KEY };
    const fresh = () => Math.floor(Date.now() / 1000);
    const stale = await send(await signatureHeaders(keys, body, fresh() - 61, crypto.randomUUID()));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual([expect.objectContaining({ status: '401', message: expect.stringContaining('Authorization-Timestamp') })]);
    expect((await send(await signatureHeaders(keys, body, fresh(), crypto.randomUUID()), body.replace('DR', 'NB'))).status).toBe(401);
    const once = await signatureHeaders(keys, body, fresh(), crypto.randomUUID());
    expect((await send(once)).status).toBe(404);
    const again = await send(once);
    expect(again.status).toBe(401);
    expect(JSON.stringify(await again.json())).toContain('nonce');
  });

  it('pickups: Balíkovna parcels are handed in, Česká pošta’s API takes no pickup orders', async () => {
    const t = balikovnaTransport(config());
    const order = { kind: 'one_time' as const, date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '12:00' }, place: cpostBooking().sender, parcelCount: 2, note: '' };
    await expect(t.orderPickup(order, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.cancelPickup('X', null, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });
});

describe('Balíkovna client: failures', () => {
  const client = (answer: (r: Request) => Promise<Response>) =>
    balikovnaTransport({ baseUrl: 'https://b2b.test/restservices/ZSKService/v1', apiToken: 't', secretKey: 's', customerId: 'U1', postCode: '11000', locationNumber: 1, timeoutMs: 50, fetch: answer });
  const now = { exchangeRates: { CZK: 1 }, now: new Date() };

  it('a carrier that does not answer in time is unavailable (also when the fetch ignores the signal)', async () => {
    await expect(client(() => new Promise<Response>(() => {})).create(cpostBooking(), now)).rejects.toThrow(CarrierUnavailableError);
  });

  it('5xx is unavailable; 400 is a refusal with the error’s code; 401 is retried once with a fresh signature, then unavailable', async () => {
    await expect(client(async () => Response.json(errorAnswer, { status: 503 })).create(cpostBooking(), now)).rejects.toThrow(CarrierUnavailableError);
    const refused = await client(async () => Response.json(errorAnswer, { status: 400 })).create(cpostBooking(), now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '-21', message: 'Česká pošta -21 parcelServiceData.parcelParams.weight does not match the pattern' });
    const nonces: string[] = [];
    const unauthorized = client(async (r) => {
      nonces.push(r.headers.get('Authorization')!);
      return Response.json([{ code: -10, status: '401', message: 'Unauthorized' }], { status: 401 });
    });
    await expect(unauthorized.create(cpostBooking(), now)).rejects.toThrow(CarrierUnavailableError);
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('an answer it cannot read is unavailable, not a booking; a parcel unknown to parcelStatus has no events yet', async () => {
    await expect(client(async () => Response.json({ responseHeader: {} })).create(cpostBooking(), now)).rejects.toThrow(CarrierUnavailableError);
    const unknown = client(async () => Response.json([{ code: -40, status: '404', message: 'Parcel not found.' }], { status: 404 }));
    expect(await unknown.track({ carrierRef: 'DR1234567894U', trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Praha', createdAt: new Date().toISOString() }, new Date())).toEqual([]);
    await expect(unknown.cancel('DR1234567894U', null, new Date(), 'balikovna-do-ruky')).resolves.toBeUndefined();
  });

  it('logs each call as one line without personal data', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await client(async () => Response.json(acceptedAnswer())).create(cpostBooking({ weights: [1, 2] }), now).catch(() => null);
    const lines = info.mock.calls.map((c) => String(c[0]));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['call', 'carrier', 'ms', 'status']);
      expect(line).not.toMatch(/Dvořáková|Lannova|marie@/);
    }
  });
});
