import { inflateSync } from 'node:zlib';
import { render, type DrawingContext } from 'bwip-js/generic';
import { describe, expect, it, vi } from 'vitest';
import { ups } from '../../src/server/carriers/ups';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { pickupRequestOf, shipmentRequestOf, trackingEventsOf, upsTransport } from '../../src/server/carriers/ups/client';
import { dailyPickup, isValidOneZ, oneZCheckDigit } from '../../src/server/carriers/ups/sandbox';
import { sandboxLabelPng } from '../../src/server/carriers/ups/sandbox-label';
import { printable, textRects } from '../../src/server/carriers/ups/sandbox-font';
import { upsBooking, upsPickupOrder } from './ups-fixtures';

describe('UPS mapping: our booking → ShipmentRequest', () => {
  it('maps parties, packages, service, COD, insurance and references', () => {
    const req = shipmentRequestOf(upsBooking({ weights: [2.25, 7], cod: { value: 1200, currency: 'CZK' }, insurance: { value: 10_000.01, currency: 'CZK' }, reference: 'FA-2026-17' }), 'SBX001').ShipmentRequest;
    const s = req.Shipment;
    expect(s.Shipper).toMatchObject({ Name: 'Keramika Nováková s.r.o.', AttentionName: 'Jana Nováková', ShipperNumber: 'SBX001', Phone: { Number: '420601234567' }, Address: { AddressLine: ['Vodičkova 12'], City: 'Praha', PostalCode: '11000', CountryCode: 'CZ' } });
    expect(s.ShipTo).toEqual({ Name: 'Petr Svoboda', Phone: { Number: '420777000111' }, Address: { AddressLine: ['Masarykova 3'], City: 'Brno', PostalCode: '60200', CountryCode: 'CZ' } });
    expect(s.Service.Code).toBe('11');
    expect(s.ReferenceNumber).toEqual([{ Value: 'IZ2611270001' }, { Value: 'FA-2026-17' }]);
    expect(s.ShipmentServiceOptions?.COD).toEqual({ CODFundsCode: '0', CODAmount: { CurrencyCode: 'CZK', MonetaryValue: '1200' } });
    expect(s.Package.map((p) => [p.PackageWeight.Weight, p.Dimensions.Length, p.PackageServiceOptions?.DeclaredValue?.MonetaryValue])).toEqual([
      ['2.25', '40', '5000'],
      ['7', '40', '5000.01'],
    ]);
    expect(req.LabelSpecification.LabelImageFormat.Code).toBe('PNG');
  });

  it('sends no COD or declared value when the booking has none, and refuses a service UPS does not have', () => {
    const s = shipmentRequestOf(upsBooking(), 'SBX001').ShipmentRequest.Shipment;
    expect(s.ShipmentServiceOptions).toBeUndefined();
    expect(s.Package[0]!.PackageServiceOptions).toBeUndefined();
    expect(() => shipmentRequestOf(upsBooking({ serviceId: 'ups-teleport' }), 'SBX001')).toThrow(/no service/);
  });

  it('maps a pickup order onto PickupCreationRequest (yyyyMMdd, HHmm, cut to UPS lengths)', () => {
    const order = upsPickupOrder('2026-12-01', 'Zvonit u brány');
    const r = pickupRequestOf({ ...order, place: { ...order.place, company: 'Keramická dílna Nováková a synové s.r.o.' } }, 'SBX001').PickupCreationRequest;
    expect(r.PickupDateInfo).toEqual({ ReadyTime: '0900', CloseTime: '1700', PickupDate: '20261201' });
    expect(r.PickupAddress).toMatchObject({ CompanyName: 'Keramická dílna Nováková a', ContactName: 'Jana Nováková', ResidentialIndicator: 'N' });
    expect(r.PickupPiece).toEqual([{ ServiceCode: '011', Quantity: '3', DestinationCountryCode: 'CZ', ContainerCode: '01' }]);
    expect(r.SpecialInstruction).toBe('Zvonit u brány');
  });
});

describe('UPS mapping: TrackApiResponse activities → our raw events', () => {
  it('reads GMT times (also without the leading zero), oldest first, raw types kept, mapped by the table', () => {
    const events = trackingEventsOf(
      [
        { date: '20261128', time: '113500', gmtDate: '20261128', gmtTime: '103500', status: { type: 'D', code: 'KB', description: 'Delivered' }, location: { address: { city: 'Brno' } } },
        { date: '20261127', time: '084700', gmtDate: '20261127', gmtTime: '74700', status: { type: 'W', description: 'Warehouse scan' } },
        { date: '20261127', time: '071356', gmtOffset: '+01:00', status: { type: 'P' } },
      ],
      '1Z999AA10123456784',
    );
    expect(events.map((e) => [e.rawStatus, e.time, ups.trackingStatus(e.rawStatus)])).toEqual([
      ['P', '2026-11-27T06:13:56.000Z', 'picked_up'],
      ['W', '2026-11-27T07:47:00.000Z', 'unknown'],
      ['D', '2026-11-28T10:35:00.000Z', 'delivered'],
    ]);
    expect(events[2]).toMatchObject({ location: 'Brno', description: 'Delivered' });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
  });
});

describe('UPS sandbox numbers and labels', () => {
  it("the sandbox's daily pickup: the same working day before 11:00 Prague time, else the next working day", () => {
    const pickup = (at: string) => new Date(dailyPickup(at)).toISOString();
    expect(pickup('2026-11-23T08:59:00.000Z')).toBe('2026-11-23T14:30:00.000Z'); // Monday 09:59
    expect(pickup('2026-11-23T10:01:00.000Z')).toBe('2026-11-24T14:30:00.000Z'); // Monday 11:01
    expect(pickup('2026-11-27T12:00:00.000Z')).toBe('2026-11-30T14:30:00.000Z'); // Friday → Monday
    expect(pickup('2026-12-23T12:00:00.000Z')).toBe('2026-12-28T14:30:00.000Z'); // Christmas holidays
  });

  it('1Z numbers carry UPS check digit', () => {
    expect(isValidOneZ('1Z999AA10123456784')).toBe(true);
    expect(isValidOneZ('1Z999AA10123456785')).toBe(false);
    expect(oneZCheckDigit('999AA1012345678')).toBe(4);
  });

  /** whether a pixel of a PNG is black (one-bit greyscale, filter 0 as ours writes it) */
  function pixelReader(base64: string): (x: number, y: number) => boolean {
    const bytes = Buffer.from(base64, 'base64');
    const width = bytes.readUInt32BE(16);
    const chunks: Buffer[] = [];
    for (let at = 8; at < bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(bytes.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(chunks));
    const stride = Math.ceil(width / 8) + 1;
    return (x, y) => ((raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
  }

  /** the bar widths along one row of a PNG */
  function barRow(base64: string, y: number): number[] {
    const width = Buffer.from(base64, 'base64').readUInt32BE(16);
    const at = pixelReader(base64);
    const black = (x: number) => at(x, y);
    const runs: number[] = [];
    let x = 30;
    while (x < width - 30 && !black(x)) x++;
    while (x < width - 30) {
      const colour = black(x);
      let n = 0;
      while (x < width - 30 && black(x) === colour) (x++, n++);
      runs.push(n);
    }
    return runs.slice(0, -1);
  }
  /** Code 128's module widths of a text as bwip-js encodes it */
  function code128Modules(text: string): number[] {
    const xs: [number, number][] = [];
    const drawing = { scale: () => null, measure: () => ({ width: 0, ascent: 0, descent: 0 }), init() {}, line(xa: number, _ya: number, _xb: number, _yb: number, lw: number) { xs.push([xa - Math.ceil(lw / 2), Math.round(lw)]); }, polygon() {}, hexagon() {}, ellipse() {}, fill() {}, text() {}, end() {} } as unknown as DrawingContext<void>;
    render({ bcid: 'code128', text, scale: 1, height: 10 }, drawing);
    const runs: number[] = [];
    xs.sort((a, b) => a[0] - b[0]).forEach(([x, w], i) => {
      if (i > 0) runs.push(x - (xs[i - 1]![0] + xs[i - 1]![1]));
      runs.push(w);
    });
    return runs;
  }

  it("a package's label is a 4×6 in PNG whose barcode is the Code 128 of its 1Z number", async () => {
    const label = await sandboxLabelPng('1Z999AA10123456784');
    const png = Buffer.from(label, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([812, 1218]);
    const modules = barRow(label, 900).map((w) => w / 3);
    expect(modules).toEqual(code128Modules('1Z999AA10123456784'));
    expect(modules).not.toEqual(code128Modules('1Z999AA10123456792'));
  });

  it('the label prints what a driver reads: ship to in large capitals without diacritics, the service, the package of the shipment', async () => {
    const text = { from: ['Jana Nováková', 'Dlouhá 12', '60200 Brno', 'CZ'], to: ['Žofie Nováková', 'Dlouhá 12', '11000 Praha', 'CZ'], service: 'UPS STANDARD', pkg: '1 OF 2', weight: '2 KG', reference: 'IZ4997415753' };
    const label = await sandboxLabelPng('1Z999AA10123456784', text);
    // the barcode row is untouched by the texts
    expect(barRow(label, 900).map((w) => w / 3)).toEqual(code128Modules('1Z999AA10123456784'));
    // the ship-to zone has the name's dots exactly where the font puts them (5 px a dot, from x 60, y 356)
    const dotsOf = (t: string, x: number, y: number, scale: number) => textRects(t, x, y, scale).map((r) => [r.x, r.y]);
    const blackAt = pixelReader(label);
    for (const [x, y] of dotsOf('ZOFIE NOVAKOVA', 60, 356, 5)) expect(blackAt(x! + 2, y! + 2), `${x},${y}`).toBe(true);
    expect(printable('Žofie Nováková & syn, 110 00 Praha 1')).toBe('ZOFIE NOVAKOVA & SYN, 110 00 PRAHA 1');
    expect(printable('Łódź ß €')).toBe('?ODZ SS ?');
    // without the texts the zone is blank
    expect(pixelReader(await sandboxLabelPng('1Z999AA10123456784'))(62, 358)).toBe(false);
  });
});

describe('UPS client: failures', () => {
  const token = () => Response.json({ token_type: 'Bearer', access_token: 't', expires_in: '14399' });
  const client = (answer: () => Promise<Response>) =>
    upsTransport({ baseUrl: 'https://ups.test', clientId: 'c', clientSecret: 's', accountNumber: 'SBX001', timeoutMs: 50, fetch: async (r) => (r.url.endsWith('/oauth/token') ? token() : answer()) });
  const context = { exchangeRates: { CZK: 1 }, now: new Date() };
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('a carrier that does not answer in time is unavailable', async () => {
    await expect(client(() => new Promise<Response>(() => {})).create(upsBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it("5xx is unavailable; 4xx is a refusal with UPS's code and message", async () => {
    const error = (status: number) => async () => Response.json({ response: { errors: [{ code: '120802', message: 'Address Validation Error on ShipTo address' }] } }, { status });
    await expect(client(error(503)).create(upsBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    const refused = await client(error(400)).create(upsBooking(), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '120802', message: 'UPS 120802: Address Validation Error on ShipTo address' });
  });

  it('an answer it cannot read is unavailable, not a booking', async () => {
    await expect(client(async () => Response.json({ ShipmentResponse: { Response: {} } })).create(upsBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });
});
