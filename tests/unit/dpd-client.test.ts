import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { dpd } from '../../src/server/carriers/dpd';
import { dpdTransport, nstPickupRequestOf, nstShipmentRequestOf, parseDpdRef, skShipmentOf, trackingEventsOf } from '../../src/server/carriers/dpd/client';
import { nstPickupRequest, nstShipmentRequest, skShipment } from '../../src/server/carriers/dpd/schemas';
import { checksOut, dailyPickup, dpdCheckChar, newParcelNumber, printedParcelNumber, routingBarcode } from '../../src/server/carriers/dpd/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { dpdBooking, dpdPickupOrder } from './dpd-fixtures';

const cz = { customerId: 'C-1', senderAddressId: '77' };
const sk = { delisId: 'DELIS1', addressId: '88', bankAccountId: '9' };
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const PDF = `data:application/pdf;base64,${btoa('%PDF-1.7 one page')}`;

describe('DPD CZ mapping: our booking → NST shipments request', () => {
  it('maps the recipient, one parcel per package, the service codes, COD, insurance and references, and passes our schema', () => {
    const req = nstShipmentRequestOf(dpdBooking({ weights: [2.25, 7], cod: { value: 1200, currency: 'CZK' }, insurance: { value: 60_000, currency: 'CZK' }, reference: 'FA-2026-17' }), cz);
    expect(v.safeParse(nstShipmentRequest, req).success).toBe(true);
    expect(req).toMatchObject({ buCode: '015', customerId: 'C-1' });
    const s = req.shipments[0]!;
    expect(s).toMatchObject({ numOrder: 1, senderAddressId: '77', reference1: 'IZ2611270042', reference2: 'FA-2026-17', saveMode: 'parcel number' });
    expect(s.receiver).toEqual({ name: 'Petr Svoboda', contactName: 'Petr Svoboda', street: 'Masarykova 3', zipCode: '60200', city: 'Brno', countryCode: 'CZ', contactPhone: '+420777000111', contactEmail: 'petr@example.cz' });
    expect(s.parcels.map((p) => [p.weight, p.dimensionLength])).toEqual([
      [2.25, 40],
      [7, 40],
    ]);
    // a private recipient of Classic: 001 + 013
    expect(s.service.mainServiceElementCodes).toEqual(['001', '013']);
    expect(s.service.additionalService?.cod).toEqual({ amount: 1200, currency: 'CZK', paymentType: 'Cash', reference: '2611270042', split: 'First parcel' });
    expect(s.service.additionalService?.highInsurance).toEqual({ goodsValue: 60_000, currency: 'CZK' });
  });

  it('a company recipient gets Classic alone; a Pickup point gets 200 and its pudoId; an unknown service is refused', () => {
    const business = nstShipmentRequestOf(dpdBooking({ company: 'Svoboda a syn s.r.o.' }), cz).shipments[0]!;
    expect(business.service.mainServiceElementCodes).toEqual(['001']);
    expect(business.receiver).toMatchObject({ name: 'Svoboda a syn s.r.o.', companyName: 'Svoboda a syn s.r.o.', contactName: 'Petr Svoboda' });
    expect(business.service.additionalService?.cod).toBeUndefined();
    const point = nstShipmentRequestOf(dpdBooking({ serviceId: 'dpd-pickup', deliveryPointId: 'CZ21345' }), cz).shipments[0]!;
    expect(point.service.mainServiceElementCodes).toEqual(['001', '013', '200']);
    expect(point.service.additionalService?.pudoId).toBe('CZ21345');
    expect(() => nstShipmentRequestOf(dpdBooking({ serviceId: 'dpd-teleport' }), cz)).toThrow(CarrierRefusedError);
  });

  it('maps a pickup order onto the registered pickup address with the window, count and the place in the note', () => {
    const req = nstPickupRequestOf(dpdPickupOrder('2026-12-01', { note: 'Zvonit u brány' }), cz);
    expect(v.safeParse(nstPickupRequest, req).success).toBe(true);
    expect(req.pickupOrder).toMatchObject({ internalPickupAddressId: '77', pickupDate: '2026-12-01', fromTime: '09:00', toTime: '16:00', parcelCount: 3, contactPhone: '+420601234567' });
    expect(req.pickupOrder.additionalInfo).toBe('Keramika Nováková s.r.o., Vodičkova 12, 110 00 Praha. Zvonit u brány');
  });
});

describe('DPD SK mapping: our booking → the create call', () => {
  it('maps the recipient with its numeric country, the product, the pickup day and window, COD with the bank account', () => {
    const s = skShipmentOf(dpdBooking({ territory: 'sk', weights: [1, 3], cod: { value: 49.9, currency: 'EUR' }, reference: 'OBJ-7' }), sk, { date: '2026-12-01', from: '09:00', to: '16:00' });
    expect(v.safeParse(skShipment, s).success).toBe(true);
    expect(s).toMatchObject({ reference: 'IZ2611270042', delisId: 'DELIS1', product: 1, pickup: { date: '20261201', timeWindow: { beginning: '0900', end: '1600' } }, addressSender: { id: '88' } });
    expect(s.addressRecipient).toEqual({ type: 'b2c', name: 'Petr Svoboda', street: 'Masarykova 3', zip: '04001', country: 703, city: 'Košice', phone: '+420777000111', email: 'petr@example.cz' });
    expect(s.parcels.parcel).toEqual([
      { reference1: 'OBJ-7', weight: 1, height: 20, width: 30, depth: 40 },
      { reference1: 'OBJ-7', weight: 3, height: 20, width: 30, depth: 40 },
    ]);
    expect(s.services?.cod).toEqual({ amount: 49.9, currency: 'EUR', bankAccount: { id: '9' }, variableSymbol: '2611270042', paymentMethod: 0 });
  });

  it('a company is b2b with the person as nameDetail; COD without a configured bank account cannot be booked', () => {
    const s = skShipmentOf(dpdBooking({ territory: 'sk', company: 'Svoboda s.r.o.', serviceId: 'dpd-express-12' }), sk, { date: '2026-12-01', from: null, to: null });
    expect(s.addressRecipient).toMatchObject({ type: 'b2b', name: 'Svoboda s.r.o.', nameDetail: 'Petr Svoboda' });
    expect(s.product).toBe(3);
    expect(s.pickup).toEqual({ date: '20261201' });
    expect(() => skShipmentOf(dpdBooking({ territory: 'sk', cod: { value: 10, currency: 'EUR' } }), { ...sk, bankAccountId: undefined }, { date: '2026-12-01', from: null, to: null })).toThrow(CarrierUnavailableError);
  });
});

describe('DPD answers → our results', () => {
  const calls: { url: string; body: unknown }[] = [];
  const transport = (answer: (url: string, body: Record<string, unknown>) => Response | Promise<Response>, timeoutMs = 1000) =>
    dpdTransport({
      cz: { baseUrl: 'https://nst.test', apiToken: 'tok', ...cz },
      sk: { url: 'https://sk.test/shipment/json', apiKey: 'key', email: 'a@b.sk', ...sk },
      trackingUrl: 'https://track.test',
      timeoutMs,
      fetch: async (r) => {
        const body = (await r.clone().json().catch(() => null)) as Record<string, unknown>;
        calls.push({ url: r.url, body });
        return answer(r.url, body);
      },
    });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('DPD CZ: the shipment id and a parcel number per package, then one A6 PDF label per parcel', async () => {
    calls.length = 0;
    const booked = await transport((url) =>
      url.endsWith('/shipments')
        ? Response.json({ transactionId: 4383, shipmentResults: [{ numOrder: 1, shipment: { shipmentId: 52172, status: 1 }, parcelResults: [{ parcelNumber: '13810000000011' }, { parcelNumber: '13810000000012' }] }] })
        : Response.json({ transactionId: 4384, pdfFile: PDF }),
    ).create(dpdBooking({ weights: [1, 2] }), context);
    expect(booked.carrierRef).toBe('CZ:52172:13810000000011');
    expect(booked.packages).toEqual([
      { carrierRef: '13810000000011', label: { format: 'PDF', data: PDF.split(',')[1] } },
      { carrierRef: '13810000000012', label: { format: 'PDF', data: PDF.split(',')[1] } },
    ]);
    expect(calls.map((c) => c.url)).toEqual(['https://nst.test/api/v1.1/shipments', 'https://nst.test/api/v1.0/label/parcel-numbers', 'https://nst.test/api/v1.0/label/parcel-numbers']);
    expect(calls[1]!.body).toMatchObject({ buCode: '015', customerId: 'C-1', parcelNumberList: ['13810000000011'], labelSize: 'A6', printFormat: 'pdf' });
    expect(parseDpdRef(booked.carrierRef)).toEqual({ territory: 'cz', key: '52172', parcel: '13810000000011' });
  });

  it('DPD SK: the MPSID and parcel numbers, the label PDF of each parcel (printLabels)', async () => {
    calls.length = 0;
    const booked = await transport((_url, body) =>
      body.method === 'create'
        ? Response.json({ jsonrpc: '2.0', id: body.id as string, result: { result: [{ success: true, ackCode: 'success', reference: 'IZ2611270042', mpsid: '0202000000000720261201', label: 'https://x/label.pdf', parcels: [{ parcelno: '02020000000007' }] }] } })
        : new Response('%PDF-1.7 sk', { headers: { 'content-type': 'application/pdf' } }),
    ).create(dpdBooking({ territory: 'sk' }), context);
    expect(booked.carrierRef).toBe('SK:0202000000000720261201:02020000000007');
    expect(booked.packages).toEqual([{ carrierRef: '02020000000007', label: { format: 'PDF', data: btoa('%PDF-1.7 sk') } }]);
    expect(calls[0]!.body).toMatchObject({ jsonrpc: '2.0', method: 'create', params: { DPDSecurity: { SecurityToken: { ClientKey: 'key', Email: 'a@b.sk' } } } });
    expect(calls[1]!.body).toMatchObject({ method: 'printLabels', params: { label: { parcels: { parcel: [{ parcelno: '02020000000007' }] } } } });
  });

  it("refusals keep DPD's codes; a refused token, 5xx, a timeout or an unreadable answer is unavailable", async () => {
    const nstError = (status: number) => () => Response.json({ transactionId: 1, errors: [{ errorCode: 'INVALID_ZIP', errorMessage: 'Unknown postcode' }] }, { status });
    const refused = await transport(nstError(400)).create(dpdBooking(), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'INVALID_ZIP', message: 'DPD INVALID_ZIP: Unknown postcode' });
    const inResult = await transport(() => Response.json({ transactionId: 1, shipmentResults: [{ numOrder: 1, errors: [{ errorCode: 'PARCEL_WEIGHT_EXCEEDED', errorMessage: 'Too heavy' }] }] })).create(dpdBooking(), context).catch((e: unknown) => e);
    expect(inResult).toMatchObject({ code: 'PARCEL_WEIGHT_EXCEEDED' });
    for (const status of [401, 503]) await expect(transport(nstError(status)).create(dpdBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(transport(() => Response.json({ transactionId: 1, shipmentResults: [] })).create(dpdBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(transport(() => new Promise<Response>(() => {}), 50).create(dpdBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);

    const rpcError = (code: number) => (_: string, body: Record<string, unknown>) => Response.json({ jsonrpc: '2.0', id: body.id as string, error: { code, message: 'nope' } });
    await expect(transport(rpcError(103)).create(dpdBooking({ territory: 'sk' }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(await transport(rpcError(-32602)).create(dpdBooking({ territory: 'sk' }), context).catch((e: unknown) => e)).toMatchObject({ name: 'CarrierRefusedError', code: '-32602' });
    const notSuccess = await transport((_, body) => Response.json({ jsonrpc: '2.0', id: body.id as string, result: { result: [{ success: false, ackCode: 'error', messages: [{ value: 'Invalid zip', element: 'addressRecipient.zip' }] }] } }))
      .create(dpdBooking({ territory: 'sk' }), context)
      .catch((e: unknown) => e);
    expect(notSuccess).toMatchObject({ code: 'error', message: 'DPD error: Invalid zip (addressRecipient.zip)' });
  });

  it('a territory without credentials is unavailable, never booked elsewhere', async () => {
    const onlySk = dpdTransport({ sk: { url: 'https://sk.test', apiKey: 'k', email: 'e', ...sk }, trackingUrl: 'https://t', fetch: async () => Response.json({}) });
    await expect(onlySk.create(dpdBooking({ territory: 'cz' }), context)).rejects.toThrow(/DPD CZ: no credentials/);
  });
});

describe('DPD tracking: scans → our raw events', () => {
  it("reads the depots' local time (CET in winter, CEST in summer), oldest first, scan codes kept raw and mapped by the table", () => {
    const scan = (date: string, code: string, location?: string) => ({ date, scanData: { location, scanType: { code } }, scanDescription: { content: [`scan ${code}`] } });
    const events = trackingEventsOf([scan('2026-11-28T10:35:00', '13', 'Brno'), scan('2026-11-27T15:30:00', '15', 'Praha'), scan('2026-11-27T21:00:00', '77'), scan('2026-07-01T08:00:00', '05')], '13810000000011');
    expect(events.map((e) => [e.rawStatus, e.time, dpd.trackingStatus(e.rawStatus)])).toEqual([
      ['05', '2026-07-01T06:00:00.000Z', 'picked_up'],
      ['15', '2026-11-27T14:30:00.000Z', 'picked_up'],
      ['77', '2026-11-27T20:00:00.000Z', 'unknown'],
      ['13', '2026-11-28T09:35:00.000Z', 'delivered'],
    ]);
    expect(events.at(-1)).toMatchObject({ location: 'Brno', description: 'scan 13' });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
    expect(['03', '14', '23', '04', '06', '10', '02'].map((c) => dpd.trackingStatus(c))).toEqual(['out_for_delivery', 'delivery_failed', 'ready_for_pickup', 'on_hold', 'return_to_sender', 'in_transit', 'in_transit']);
  });
});

describe('DPD parcel numbers and the routing barcode', () => {
  it('MOD 37,36 check characters: the ISO 7064 implementation gives ISAN’s published check characters and catches typing errors', () => {
    // ISAN 0000-0000-D07A-0090-Q-0000-0000-X uses the same ISO/IEC 7064 MOD 37,36
    expect(dpdCheckChar('00000000D07A0090')).toBe('Q');
    expect(dpdCheckChar('00000000D07A009000000000')).toBe('X');
    const n = '13810123456789';
    expect(checksOut(n + dpdCheckChar(n))).toBe(true);
    expect(checksOut('13810123456798' + dpdCheckChar(n))).toBe(false);
    expect(checksOut('13810123456780' + dpdCheckChar(n))).toBe(false);
  });

  it('14 digits beginning with the depot; printed in groups with the check character; the barcode is % + postcode + number + service + country', () => {
    const n = newParcelNumber('1381');
    expect(n).toMatch(/^1381\d{10}$/);
    expect(printedParcelNumber('13810123456789')).toBe(`1381 0123 4567 89 ${dpdCheckChar('13810123456789')}`);
    expect(routingBarcode('602 00', '13810123456789', '101', 'CZ')).toBe('%006020013810123456789101203');
    expect(routingBarcode('04001', '02020000000007', '327', 'sk')).toBe('%000400102020000000007327703');
  });

  it("the sandbox's daily pickup: the same working day before 12:00 Prague time, else the next working day", () => {
    const pickup = (at: string, c: 'cz' | 'sk' = 'cz') => new Date(dailyPickup(at, c)).toISOString();
    expect(pickup('2026-11-23T10:59:00.000Z')).toBe('2026-11-23T14:30:00.000Z'); // Monday 11:59
    expect(pickup('2026-11-23T11:01:00.000Z')).toBe('2026-11-24T14:30:00.000Z');
    expect(pickup('2026-11-27T12:00:00.000Z')).toBe('2026-11-30T14:30:00.000Z'); // Friday → Monday
  });
});
