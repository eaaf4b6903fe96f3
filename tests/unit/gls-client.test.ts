import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { gls } from '../../src/server/carriers/gls';
import { glsPasswordHash, glsTransport, parcelOf, parseGlsRef, splitStreet, trackingEventsOf, wcfDay } from '../../src/server/carriers/gls/client';
import { glsTracking } from '../../src/server/carriers/gls/tracking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { glsAnswers, glsBooking } from './gls-fixtures';

const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date('2026-11-27T09:00:00Z') };
const account = (country: string) => ({ baseUrl: `https://api.test.mygls.${country}`, username: `api@example.${country}`, password: 'Tajne-heslo-1', clientNumber: 100123456 });

/** a fake MyGLS: answers `answer` (JSON) to every call and keeps the requests */
function fakeGls(answer: unknown, status = 200) {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const fetch = async (request: Request) => {
    requests.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
    return typeof answer === 'string' ? new Response(answer, { status }) : Response.json(answer, { status });
  };
  return { requests, transport: glsTransport({ cz: account('cz'), sk: account('sk'), fetch }) };
}

/** a fake MyGLS answering `answers` in turn */
function fakeGlsSequence(answers: unknown[]) {
  let i = 0;
  return glsTransport({ cz: account('cz'), fetch: async () => Response.json(answers[i++]) });
}

async function twoPagePdf(): Promise<number[]> {
  const doc = await PDFDocument.create();
  doc.addPage([283, 425]);
  doc.addPage([283, 425]);
  return [...(await doc.save())];
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('our booking → MyGLS’s parcel', () => {
  it('one parcel of Count pieces, our IZ number as ClientReference, the sender as PickupAddress, a property item per package', () => {
    const p = parcelOf(glsBooking({ weights: [2.5, 12], reference: 'Objednávka 42' }), 100123456, '2026-11-30');
    expect(p).toMatchObject({
      ClientNumber: 100123456,
      ClientReference: 'IZ2611270077',
      Count: 2,
      Content: 'Objednávka 42',
      PickupDate: '/Date(1795996800000)/',
      PickupAddress: { Name: 'Keramika Nováková s.r.o.', ContactName: 'Jana Nováková', Street: 'Vodičkova', HouseNumber: '12', HouseNumberInfo: '/3a', ZipCode: '11000', CountryIsoCode: 'CZ', ContactPhone: '+420601234567' },
      DeliveryAddress: { Name: 'Petr Svoboda', Street: 'Masarykova', HouseNumber: '3', City: 'Brno', ZipCode: '60200', ContactEmail: 'petr@example.cz' },
      ParcelPropertyList: [
        { PackageType: 1, Weight: 2.5, Length: 40, Width: 30, Height: 20 },
        { PackageType: 1, Weight: 12, Length: 40, Width: 30, Height: 20 },
      ],
    });
    expect(p).not.toHaveProperty('CODAmount');
  });

  it('FlexDelivery with the recipient’s e-mail (and its SMS with a phone); none without an e-mail', () => {
    expect(parcelOf(glsBooking(), 1, null).ServiceList).toEqual([{ Code: 'FDS', FDSParameter: { Value: 'petr@example.cz' } }, { Code: 'FSS', FSSParameter: { Value: '+420777000111' } }]);
    expect(parcelOf(glsBooking({ phone: null }), 1, null).ServiceList).toEqual([{ Code: 'FDS', FDSParameter: { Value: 'petr@example.cz' } }]);
    expect(parcelOf(glsBooking({ email: null }), 1, null).ServiceList).toEqual([]);
  });

  it('a ParcelShop goes as PSD with its id (no FlexDelivery); COD with amount, currency and the variable symbol; insurance as INS', () => {
    const p = parcelOf(glsBooking({ territory: 'sk', deliveryPointId: 'SK10042-PARCELSHOP', cod: { value: 48.9, currency: 'EUR' }, insurance: { value: 1200, currency: 'EUR' } }), 100123456, null);
    expect(p.ServiceList).toEqual([{ Code: 'PSD', PSDParameter: { StringValue: 'SK10042-PARCELSHOP' } }, { Code: 'INS', INSParameter: { Value: 1200 } }]);
    expect(p).toMatchObject({ CODAmount: 48.9, CODCurrency: 'EUR', CODReference: '2611270077', DeliveryAddress: { CountryIsoCode: 'SK', ContactEmail: 'zuzana@example.sk' } });
    expect(p).not.toHaveProperty('PickupDate');
  });

  it('splits the house number off the street ("only number" in HouseNumber)', () => {
    expect(splitStreet('Dlouhá 12')).toEqual({ Street: 'Dlouhá', HouseNumber: '12' });
    expect(splitStreet('Nám. Míru 1520/7b')).toEqual({ Street: 'Nám. Míru', HouseNumber: '1520', HouseNumberInfo: '/7b' });
    expect(splitStreet('Hlavná')).toEqual({ Street: 'Hlavná' });
    expect(wcfDay('2026-01-01')).toBe('/Date(1767225600000)/');
  });
});

describe('the MyGLS client against documented answers', () => {
  it('posts PrintLabels to the territory’s host with the user and the password’s SHA-512 bytes, and maps the pieces and the split labels', async () => {
    const { requests, transport } = fakeGls(glsAnswers.printLabels(await twoPagePdf()));
    const booked = await transport.create(glsBooking({ territory: 'sk', weights: [1, 2] }), context);
    expect(requests[0]!.url).toBe('https://api.test.mygls.sk/ParcelService.svc/json/PrintLabels');
    expect(requests[0]!.body).toMatchObject({ Username: 'api@example.sk', TypeOfPrinter: 'Thermo', ParcelList: [{ ClientNumber: 100123456, Count: 2 }] });
    expect(requests[0]!.body.Password).toEqual(await glsPasswordHash('Tajne-heslo-1'));
    // pieces in ParcelId order: the first is the parcel's
    expect(booked.carrierRef).toBe('SK:512340001:71234500001');
    expect(booked.packages!.map((p) => p.carrierRef)).toEqual(['71234500001', '71234500002']);
    for (const p of booked.packages!) expect((await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)))).getPageCount()).toBe(1);
    expect(parseGlsRef(booked.carrierRef)).toEqual({ territory: 'sk', parcelId: 512340001, parcelNumber: '71234500001' });
  });

  it('a label PDF whose pages do not match the pieces prints our own label; an answer without a number per package is an outage', async () => {
    const one = await PDFDocument.create();
    one.addPage();
    const booked = await fakeGls(glsAnswers.printLabels([...(await one.save())])).transport.create(glsBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => p.label)).toEqual([null, null]);
    await expect(fakeGls(glsAnswers.printLabels(null)).transport.create(glsBooking({ weights: [1] }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('a validation error is a refusal with GLS’s code; a refused login, an internal error, HTTP 5xx and an unreadable answer are outages', async () => {
    const refused = await fakeGls(glsAnswers.printRefused).transport.create(glsBooking(), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '13', message: 'GLS 13: Parcel validation issue: ZipCode' });
    for (const [answer, status] of [[glsAnswers.unauthorized, 200], [glsAnswers.internal, 200], ['<html>Service Unavailable</html>', 503], [{ Labels: 'not bytes' }, 200]] as const) {
      await expect(fakeGls(answer, status).transport.create(glsBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    }
  });

  it('times out after its limit even when the injected fetch ignores the signal', async () => {
    const transport = glsTransport({ cz: account('cz'), fetch: () => new Promise<Response>(() => {}), timeoutMs: 30 });
    await expect(transport.create(glsBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('a territory without an account is unavailable, not a refusal', async () => {
    const transport = glsTransport({ cz: account('cz'), fetch: async () => Response.json({}) });
    await expect(transport.create(glsBooking({ territory: 'sk' }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('cancels by the parcel’s ParcelId; 6 (no longer PRINTED) says GLS has it, 4 (deleted already) is done', async () => {
    const ok = fakeGls(glsAnswers.deleted);
    await ok.transport.cancel('CZ:512340001:71234500001', null, new Date(), 'gls-business-parcel');
    expect(ok.requests[0]).toMatchObject({ url: 'https://api.test.mygls.cz/ParcelService.svc/json/DeleteLabels', body: { ParcelIdList: [512340001] } });
    await expect(fakeGlsSequence([glsAnswers.notPrinted, glsAnswers.statuses]).cancel('CZ:512340001:71234500001', null, new Date(), 'gls-business-parcel')).rejects.toMatchObject({ code: '6', refusal: 'with_carrier' });
    // 6 for a parcel GLS never scanned (only 51): it was deleted by an earlier call whose answer was lost
    const onlyData = { ...glsAnswers.statuses, ParcelStatusList: glsAnswers.statuses.ParcelStatusList.slice(-1) };
    await fakeGlsSequence([glsAnswers.notPrinted, onlyData]).cancel('CZ:512340001:71234500001', null, new Date(), 'gls-business-parcel');
    await fakeGls(glsAnswers.notExists).transport.cancel('CZ:512340001:71234500001', null, new Date(), 'gls-business-parcel');
    await expect(fakeGls(glsAnswers.deleted).transport.cancel('71234500001', null, new Date(), 'gls-business-parcel')).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('tracks the first parcel number: GLS’s statuses oldest first, WCF dates read as UTC; 26 is nothing yet', async () => {
    const query = { carrierRef: 'SK:512340001:71234500001', trackingNumber: 'IZ2611270077', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Praha', toCity: 'Brno', createdAt: '2026-11-26T06:00:00.000Z' };
    const { requests, transport } = fakeGls(glsAnswers.statuses);
    const events = await transport.track(query, new Date('2026-11-28T00:00:00Z'));
    expect(requests[0]!.body).toMatchObject({ ParcelNumber: 71234500001, ReturnPOD: false, LanguageIsoCode: 'SK' });
    expect(events.map((e) => [e.rawStatus, e.time, e.location])).toEqual([
      ['51', '2026-11-26T06:53:20.000Z', null],
      ['1', '2026-11-26T16:00:00.000Z', 'Praha'],
      ['2', '2026-11-26T19:00:00.000Z', 'Jihlava'],
      ['4', '2026-11-27T07:00:00.000Z', 'Brno'],
    ]);
    expect(events.map((e) => gls.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery']);
    // not yet told: events after `now` are left out
    expect((await transport.track(query, new Date('2026-11-27T00:00:00Z'))).map((e) => e.rawStatus)).toEqual(['51', '1', '2']);
    expect(await fakeGls(glsAnswers.statusNotFound).transport.track(query, new Date())).toEqual([]);
    expect(await fakeGls(glsAnswers.statuses).transport.track({ ...query, carrierRef: 'not-ours' }, new Date())).toEqual([]);
  });

  it('finds a lost booking by our IZ number in GetParcelList (printed in the last days), without labels', async () => {
    const { requests, transport } = fakeGls(glsAnswers.parcelList);
    const found = await transport.find!(glsBooking({ weights: [1, 2] }), context);
    expect(requests[0]!.body).toMatchObject({ PrintDateFrom: `/Date(${context.now.getTime() - 7 * 86_400_000})/`, PrintDateTo: `/Date(${context.now.getTime() + 86_400_000})/` });
    expect(found).toMatchObject({ carrierRef: 'CZ:512340001:71234500001', packages: [{ carrierRef: '71234500001', label: null }, { carrierRef: '71234500002', label: null }] });
    expect(await transport.find!(glsBooking({ trackingNumber: 'IZ2611279999' }), context)).toBeNull();
  });

  it('has no pickup order to call', async () => {
    const { requests, transport } = fakeGls({});
    await expect(transport.orderPickup({ kind: 'one_time', date: '2026-11-30', weekdays: null, window: { from: '09:00', to: '17:00' }, place: glsBooking().sender, parcelCount: 1, note: '' }, new Date())).rejects.toMatchObject({ code: 'NO_PICKUP_API' });
    expect(requests).toEqual([]);
  });
});

describe('MyGLS’s password and status codes', () => {
  it('the password is the SHA-512 digest as 64 numbers (FIPS 180-2’s "abc" example)', async () => {
    const hash = await glsPasswordHash('abc');
    expect(hash).toHaveLength(64);
    expect(hash.map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
  });

  it('maps GLS’s codes onto ours and keeps any other code raw as unknown', () => {
    expect(Object.keys(glsTracking).every((code) => /^\d+$/.test(code))).toBe(true);
    expect(['51', '1', '2', '4', '55', '5', '12', '7', '23'].map((c) => gls.trackingStatus(c))).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'delivery_failed', 'on_hold', 'return_to_sender']);
    expect(gls.trackingStatus('94')).toBe('unknown');
    expect(trackingEventsOf([{ StatusCode: 94, StatusDate: '/Date(0)/', DepotCity: 'Praha' }], '1')[0]).toMatchObject({ rawStatus: '94', location: 'Praha' });
  });
});
