import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { fedex } from '../../src/server/carriers/fedex';
import { commoditiesOf, fedexTransport, pickupRequestOf, shipmentRequestOf, stateOf, trackingEventsOf } from '../../src/server/carriers/fedex/client';
import { dailyPickup, fedexCheckDigit, isValidFedexNumber } from '../../src/server/carriers/fedex/sandbox';
import { pickupRequest, shipmentRequest } from '../../src/server/carriers/fedex/schemas';
import { refusalKind } from '../../src/server/carriers/refusals';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { fedexBooking, fedexPickupOrder, swissCustoms } from './fedex-fixtures';

/** FedEx's REST APIs as documented (PROTOCOL.md), in our own words and numbers: what we send, what we read */
describe('FedEx client: the requests we send', () => {
  it('maps parties, packages, service, declared value and references onto the Ship API request', () => {
    const request = shipmentRequestOf(fedexBooking({ weights: [3, 12.34], insurance: { value: 10_000, currency: 'CZK' }, reference: 'Objednávka 77' }), '740561073', '2026-11-30');
    expect(v.safeParse(shipmentRequest, request).success).toBe(true);
    const s = request.requestedShipment;
    expect(request).toMatchObject({ labelResponseOptions: 'LABEL', accountNumber: { value: '740561073' } });
    expect(s).toMatchObject({ shipDatestamp: '2026-11-30', serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', packagingType: 'YOUR_PACKAGING', pickupType: 'USE_SCHEDULED_PICKUP', totalPackageCount: 2, totalWeight: 15.3 });
    expect(s.shipper).toEqual({
      contact: { personName: 'Jana Nováková', companyName: 'Keramika Nováková s.r.o.', phoneNumber: '420601234567', emailAddress: 'jana@example.cz' },
      address: { streetLines: ['Masarykova 12'], city: 'Brno', postalCode: '60200', countryCode: 'CZ', residential: false },
    });
    expect(s.recipients[0]!.address).toMatchObject({ countryCode: 'SK', postalCode: '81101', residential: true });
    expect(s.shippingChargesPayment).toEqual({ paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: '740561073' } } } });
    expect(s.labelSpecification).toEqual({ imageType: 'PDF', labelStockType: 'PAPER_4X6', labelFormatType: 'COMMON2D' });
    expect(s.requestedPackageLineItems).toEqual([
      { sequenceNumber: 1, weight: { units: 'KG', value: 3 }, dimensions: { length: 40, width: 30, height: 20, units: 'CM' }, declaredValue: { amount: 5000, currency: 'CZK' }, customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: 'IZ2611270042' }, { customerReferenceType: 'CUSTOMER_REFERENCE', value: 'Objednávka 77' }] },
      expect.objectContaining({ sequenceNumber: 2, weight: { units: 'KG', value: 12.3 }, declaredValue: { amount: 5000, currency: 'CZK' } }),
    ]);
    // within the EU: customs detail with one line of goods, no trade documents
    expect(s.customsClearanceDetail).toMatchObject({ dutiesPayment: { paymentType: 'RECIPIENT' }, commercialInvoice: { shipmentPurpose: 'SOLD', termsOfSale: 'DAP' }, commodities: [{ quantity: 1, customsValue: { amount: 10_000, currency: 'CZK' } }] });
    expect(s.shipmentSpecialServices).toBeUndefined();
  });

  it('maps the customs step onto commodities: unit price from the line total, weight by value share, HS code, origin, purpose; FedEx currency codes', () => {
    const booking = fedexBooking({ to: 'ch', weights: [4], customs: { ...swissCustoms(), reason: 'gift', currency: 'GBP' } });
    expect(commoditiesOf(booking)).toEqual([
      { description: 'Ceramic mug', countryOfManufacture: 'CZ', quantity: 4, quantityUnits: 'PCS', unitPrice: { amount: 15, currency: 'UKL' }, customsValue: { amount: 60, currency: 'UKL' }, weight: { units: 'KG', value: 3 }, harmonizedCode: '691200' },
      { description: 'Linen tea towel', countryOfManufacture: 'PL', quantity: 2, quantityUnits: 'PCS', unitPrice: { amount: 10, currency: 'UKL' }, customsValue: { amount: 20, currency: 'UKL' }, weight: { units: 'KG', value: 1 } },
    ]);
    const s = shipmentRequestOf(booking, '740561073', '2026-11-30').requestedShipment;
    expect(s.customsClearanceDetail).toMatchObject({ commercialInvoice: { shipmentPurpose: 'GIFT' }, totalCustomsValue: { amount: 80, currency: 'UKL' }, isDocumentOnly: false });
    // no own invoice: FedEx is asked to create the commercial invoice (ETD)
    expect(s.shipmentSpecialServices).toEqual({ specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'], etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] } });
    expect(s.shippingDocumentSpecification?.shippingDocumentTypes).toEqual(['COMMERCIAL_INVOICE']);
  });

  it('references the uploaded invoices by their document id (ETD pre-shipment)', () => {
    const s = shipmentRequestOf(fedexBooking({ to: 'ch', customs: swissCustoms(['a1']) }), '740561073', '2026-11-30', [{ documentId: '090493e181586308', name: 'Faktura.pdf' }]).requestedShipment;
    expect(s.shipmentSpecialServices).toEqual({
      specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
      etdDetail: { attachedDocuments: [{ documentType: 'COMMERCIAL_INVOICE', documentReference: 'IZ2611270042', description: 'Faktura.pdf', documentId: '090493e181586308' }] },
    });
    expect(s.shippingDocumentSpecification).toBeUndefined();
  });

  it('an envelope goes as FEDEX_ENVELOPE without dimensions; a service FedEx does not have is refused', () => {
    const booking = fedexBooking({ serviceId: 'fedex-envelope', weights: [0.3] });
    booking.shipment.packages[0]!.type = 'envelope';
    const s = shipmentRequestOf(booking, '740561073', '2026-11-30').requestedShipment;
    expect(s).toMatchObject({ serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', packagingType: 'FEDEX_ENVELOPE' });
    expect(s.requestedPackageLineItems[0]!.dimensions).toBeUndefined();
    expect(() => shipmentRequestOf(fedexBooking({ serviceId: 'fedex-ground' }), '740561073', '2026-11-30')).toThrow(CarrierRefusedError);
  });

  it('maps a pickup order onto the Pickup API request (ready time stamp, close time, FDXE, remarks cut to 60)', () => {
    const request = pickupRequestOf(fedexPickupOrder('2026-12-01', 'Zvonit u brány, '.repeat(6)), '740561073', '2026-11-30');
    expect(v.safeParse(pickupRequest, request).success).toBe(true);
    expect(request).toMatchObject({
      associatedAccountNumber: { value: '740561073' },
      originDetail: { readyDateTimestamp: '2026-12-01T10:00:00', customerCloseTime: '17:00:00', pickupDateType: 'FUTURE_DAY', pickupLocation: { address: { city: 'Brno', countryCode: 'CZ' } } },
      packageCount: 2,
      carrierCode: 'FDXE',
      countryRelationships: 'INTERNATIONAL',
    });
    expect(request.remarks!.length).toBeLessThanOrEqual(60);
    expect(pickupRequestOf(fedexPickupOrder('2026-11-30'), '740561073', '2026-11-30').originDetail.pickupDateType).toBe('SAME_DAY');
  });
});

describe('FedEx client: the answers we read', () => {
  it('reads scan events oldest first with their offsets, raw types kept and mapped by the table; unknown types are unknown', () => {
    const events = trackingEventsOf(
      [
        { date: '2026-11-28T09:14:00+01:00', eventType: 'DL', eventDescription: 'Delivered', scanLocation: { city: 'BRATISLAVA' } },
        { date: '2026-11-27T17:02:00+01:00', eventType: 'ZZ', eventDescription: 'Something new' },
        { date: '2026-11-27T15:30:00+01:00', eventType: 'pu', eventDescription: 'Picked up', scanLocation: { city: 'BRNO' } },
      ],
      '794953535000',
    );
    expect(events).toEqual([
      { eventId: '794953535000-2026-11-27T14:30:00.000Z-pu', rawStatus: 'PU', time: '2026-11-27T14:30:00.000Z', location: 'BRNO', description: 'Picked up' },
      { eventId: '794953535000-2026-11-27T16:02:00.000Z-ZZ', rawStatus: 'ZZ', time: '2026-11-27T16:02:00.000Z', location: null, description: 'Something new' },
      { eventId: '794953535000-2026-11-28T08:14:00.000Z-DL', rawStatus: 'DL', time: '2026-11-28T08:14:00.000Z', location: 'BRATISLAVA', description: 'Delivered' },
    ]);
    expect(events.map((e) => fedex.trackingStatus(e.rawStatus))).toEqual(['picked_up', 'unknown', 'delivered']);
    expect(['OC', 'PU', 'AR', 'DP', 'IT', 'OD', 'HL', 'DL', 'DE', 'SE', 'CD', 'RS', 'CA'].map((c) => fedex.trackingStatus(c))).toEqual([
      'pending', 'picked_up', 'in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'delivery_failed', 'on_hold', 'on_hold', 'return_to_sender', 'cancelled',
    ]);
  });

  it('12-digit numbers carry FedEx’s check digit (1-3-7 weights, mod 11, mod 10)', () => {
    expect(fedexCheckDigit('79495353500')).toBe(0);
    expect(isValidFedexNumber('794953535000')).toBe(true);
    expect(isValidFedexNumber('794953535001')).toBe(false);
    expect(isValidFedexNumber('12345')).toBe(false);
  });

  it('the sandbox’s daily pickup: the same working day before 12:00 Prague time, else the next working day', () => {
    expect(new Date(dailyPickup('2026-11-27T09:00:00.000Z')).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(new Date(dailyPickup('2026-11-27T12:00:00.000Z')).toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('FedEx refusal codes mean the kinds the order page translates', () => {
    expect(refusalKind('fedex', 'PACKAGE.WEIGHT.EXCEEDED')).toBe('weight');
    expect(refusalKind('fedex', 'SOMETHING.ELSE')).toBe('other');
  });
});

describe('FedEx client: tokens and failures', () => {
  const token = (n = 0) => Response.json({ access_token: `t${n}`, token_type: 'bearer', expires_in: 3599, scope: 'CXS' });
  const shipped = () => Response.json({ transactionId: 'x', output: { transactionShipments: [{ masterTrackingNumber: '794953535000', pieceResponses: [{ trackingNumber: '794953535000', packageDocuments: [{ contentType: 'LABEL', docType: 'PDF', encodedLabel: 'JVBERi0=' }] }] }] } });
  const context = { exchangeRates: { CZK: 1 }, now: new Date() };
  const client = (answer: (r: Request) => Promise<Response>, requests: Request[] = []) =>
    fedexTransport({ baseUrl: 'https://fedex.test', documentsUrl: 'https://docs.fedex.test', clientId: 'key', clientSecret: 'secret', accountNumber: '740561073', timeoutMs: 50, fetch: async (r) => (requests.push(r.clone() as unknown as Request), answer(r)) });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('asks for a token form-encoded with the client credentials, caches it, and asks again once after a 401', async () => {
    const requests: Request[] = [];
    let tokens = 0;
    let expired = false;
    const t = client(async (r) => {
      if (r.url.endsWith('/oauth/token')) return token(++tokens);
      if (expired && r.headers.get('authorization') === 'Bearer t1') return Response.json({ errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'Access token expired.' }] }, { status: 401 });
      return shipped();
    }, requests);
    const booked = await t.create(fedexBooking(), context);
    expect(booked).toMatchObject({ carrierRef: '794953535000', packages: [{ carrierRef: '794953535000', label: { format: 'PDF', data: 'JVBERi0=' } }] });
    await t.create(fedexBooking(), context);
    expect(tokens).toBe(1);
    const first = requests[0]!;
    expect(first.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await first.text()))).toEqual({ grant_type: 'client_credentials', client_id: 'key', client_secret: 'secret' });
    expect(requests[1]!.url).toBe('https://fedex.test/ship/v1/shipments');
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer t1');
    expired = true;
    await t.create(fedexBooking(), context);
    expect(tokens).toBe(2);
  });

  it('uploads the own invoice to the documents host as multipart (document JSON + attachment) before the shipment', async () => {
    const requests: Request[] = [];
    const t = fedexTransport({
      baseUrl: 'https://fedex.test',
      documentsUrl: 'https://docs.fedex.test',
      clientId: 'key',
      clientSecret: 'secret',
      accountNumber: '740561073',
      invoice: async () => ({ name: 'Faktura.pdf', contentType: 'application/pdf', data: new TextEncoder().encode('%PDF-1.4').buffer as ArrayBuffer }),
      fetch: async (r) => {
        requests.push(r.clone() as unknown as Request);
        if (r.url.endsWith('/oauth/token')) return token();
        if (r.url.includes('/etds/upload')) return Response.json({ output: { meta: { documentType: 'CI', docId: '090493e181586308' } } }, { status: 201 });
        return shipped();
      },
    });
    await t.create(fedexBooking({ to: 'ch', customs: swissCustoms(['f1']) }), context);
    const upload = requests.find((r) => r.url === 'https://docs.fedex.test/documents/v1/etds/upload')!;
    const form = await upload.formData();
    expect(JSON.parse(String(form.get('document')))).toEqual({ workflowName: 'ETDPreshipment', carrierCode: 'FDXE', name: 'Faktura.pdf', contentType: 'application/pdf', meta: { shipDocumentType: 'COMMERCIAL_INVOICE', originCountryCode: 'CZ', destinationCountryCode: 'CH' } });
    expect(await (form.get('attachment') as File).text()).toBe('%PDF-1.4');
    const ship = (await requests.find((r) => r.url.endsWith('/ship/v1/shipments'))!.json()) as { requestedShipment: { shipmentSpecialServices: { etdDetail: { attachedDocuments: { documentId: string }[] } } } };
    expect(ship.requestedShipment.shipmentSpecialServices.etdDetail.attachedDocuments[0]!.documentId).toBe('090493e181586308');
  });

  it('a carrier that does not answer in time is unavailable', async () => {
    await expect(client((r) => (r.url.endsWith('/oauth/token') ? Promise.resolve(token()) : new Promise<Response>(() => {}))).create(fedexBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it("5xx and 429 are unavailable; 4xx is a refusal with FedEx's code and message", async () => {
    const error = (status: number) => async (r: Request) => (r.url.endsWith('/oauth/token') ? token() : Response.json({ transactionId: 'x', errors: [{ code: 'RECIPIENTS.POSTALCODE.INVALID', message: 'Invalid postal code.' }] }, { status }));
    await expect(client(error(503)).create(fedexBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    await expect(client(error(429)).create(fedexBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    const refused = await client(error(400)).create(fedexBooking(), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'RECIPIENTS.POSTALCODE.INVALID', message: 'FedEx RECIPIENTS.POSTALCODE.INVALID: Invalid postal code.' });
  });

  it('wrong credentials are unavailable (our configuration); an answer it cannot read is unavailable, not a booking', async () => {
    await expect(client(async () => Response.json({ errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'The given client credentials were not valid.' }] }, { status: 401 })).create(fedexBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    await expect(client(async (r) => (r.url.endsWith('/oauth/token') ? token() : Response.json({ output: {} }))).create(fedexBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it('a cancel FedEx refuses because it has the shipment says so; a cancel answered false is a refusal', async () => {
    const refusing = client(async (r) => (r.url.endsWith('/oauth/token') ? token() : Response.json({ errors: [{ code: 'SHIPMENT.CANCEL.TENDERED', message: 'Tendered.' }] }, { status: 400 })));
    await expect(refusing.cancel('794953535000', null, new Date(), 'fedex-international-priority')).rejects.toMatchObject({ refusal: 'with_carrier' });
    const declined = client(async (r) => (r.url.endsWith('/oauth/token') ? token() : Response.json({ output: { cancelledShipment: false, message: 'Not cancelled' } })));
    await expect(declined.cancel('794953535000', null, new Date(), 'fedex-international-priority')).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('cancels a pickup with its code, location and day', async () => {
    const requests: Request[] = [];
    await client(async (r) => (r.url.endsWith('/oauth/token') ? token() : Response.json({ output: { pickupConfirmationCode: '12345678' } })), requests).cancelPickup('PRGA12345678', '2026-12-01', new Date());
    const cancel = requests.find((r) => r.url.endsWith('/pickup/v1/pickups/cancel'))!;
    expect(cancel.method).toBe('PUT');
    expect(await cancel.json()).toEqual({ associatedAccountNumber: { value: '740561073' }, pickupConfirmationCode: '12345678', scheduledDate: '2026-12-01', location: 'PRGA', carrierCode: 'FDXE' });
  });
});

describe('FedEx client: US and Canadian addresses', () => {
  it('sends the state or province FedEx requires, read from the postal code; other countries have none', () => {
    expect(stateOf('US', '10001')).toBe('NY');
    expect(stateOf('US', '94105-1804')).toBe('CA');
    expect(stateOf('US', '60601')).toBe('IL');
    expect(stateOf('US', '99501')).toBe('AK');
    expect(stateOf('US', '05501')).toBe('MA');
    expect(stateOf('CA', 'M5V 2T6')).toBe('ON');
    expect(stateOf('CA', 'h2x 1y4')).toBe('QC');
    expect(stateOf('CZ', '60200')).toBeNull();
    const booking = fedexBooking({ to: 'ch', customs: swissCustoms() });
    booking.recipient = { ...booking.recipient, country: 'us', zip: '10001', city: 'New York', street: '350 5th Ave' };
    expect(shipmentRequestOf(booking, '740561073', '2026-11-30').requestedShipment.recipients[0]!.address).toMatchObject({ stateOrProvinceCode: 'NY', postalCode: '10001', countryCode: 'US' });
    expect(shipmentRequestOf(fedexBooking(), '740561073', '2026-11-30').requestedShipment.recipients[0]!.address).not.toHaveProperty('stateOrProvinceCode');
  });
});
