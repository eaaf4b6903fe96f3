import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LabelsRequestSchema, ordersViewModeOf, SHIPMENT_STATUS_FILTERS, ShipmentListQuerySchema, searchKey, searchTerms } from '../../src/lib/schemas/client-shipments';
import { OrderItemSchema, type OrderShipment } from '../../src/lib/schemas/order';
import { orderItemsOf } from '../../src/components/cart/order-items';
import type { CartItem } from '../../src/state/persisted-state';
import { TRACKING_STATUS_VALUES } from '../../src/server/db/schema';
import { pragueDayStart, shipmentCriteria, shipmentSearchText } from '../../src/server/services/client-shipments/filters';
import { draftOfOrderShipment } from '../../src/server/services/client-shipments/repeat';

const parse = (query: Record<string, string>) => v.safeParse(ShipmentListQuerySchema, query);
const issues = (query: Record<string, string>) => {
  const result = parse(query);
  return result.success ? [] : result.issues.map((i) => [i.path?.map((p) => p.key).join('.'), i.message]);
};

describe('search normalization', () => {
  it('folds case and diacritics, so "Plzen" finds "Plzeň" and "ZOFIE" finds "Žofie"', () => {
    expect(searchKey('Plzeň')).toBe(searchKey('plzen'));
    expect(searchKey('  Žofie   Dvořáková ')).toBe('zofie dvorakova');
    expect(searchKey('Ľubica Šťastná, Košice')).toBe('lubica stastna, kosice');
    expect(searchKey('Łódź Straße')).toBe('lodz strasse');
  });

  it('splits a search into distinct words, at most six', () => {
    expect(searchTerms(' Jana  BRNO jana ')).toEqual(['jana', 'brno']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
  });

  it('indexes the numbers, names, companies and towns of both sides', () => {
    const party = (firstname: string, surname: string, company: string, city: string) => ({ firstname, surname, company, city, street: 'Ulice 1', zip: '11000', country: 'cz', phone: '+420777123456', email: 'a@b.cz' });
    const text = shipmentSearchText({ trackingNumber: 'IZ1234567890', orderNumber: 'OP2600000007', shipment: { from: party('Jana', 'Nováková', '', 'Brno'), to: party('', '', 'Kola Plzeň s.r.o.', 'Plzeň') } });
    for (const term of searchTerms('iz1234567890 op2600000007 novakova KOLA plzen brno')) expect(text).toContain(term);
    expect(text).not.toContain('ulice');
  });
});

describe('list query', () => {
  it('defaults to the navbar’s latest three, unfiltered', () => {
    expect(v.parse(ShipmentListQuerySchema, {})).toEqual({ q: '', status: [], carrier: null, from: null, to: null, limit: 3, offset: 0, after: null });
    expect(v.parse(ShipmentListQuerySchema, { q: ' ', status: '', carrier: '', from: '', limit: '' })).toMatchObject({ q: '', status: [], carrier: null, from: null, limit: 3 });
  });

  it('reads statuses (comma-separated, repeats once), a carrier in any case, days and paging', () => {
    expect(v.parse(ShipmentListQuerySchema, { status: 'in_transit, delivered,in_transit', carrier: 'DPD', from: '2026-03-01', to: '2026-03-31', limit: '100', offset: '40' })).toEqual({
      q: '',
      status: ['in_transit', 'delivered'],
      carrier: 'dpd',
      from: '2026-03-01',
      to: '2026-03-31',
      limit: 100,
      offset: 40,
      after: null,
    });
  });

  it('names the field of each bad value', () => {
    expect(issues({ status: 'lost' })).toEqual([['status', 'validation.status']]);
    expect(issues({ carrier: 'dhl' })).toEqual([['carrier', 'validation.carrier']]);
    expect(issues({ from: '2026-02-30' })).toEqual([['from', 'validation.date']]);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual([['to', 'validation.date_range']]);
    expect(issues({ limit: '101' })).toEqual([['limit', 'validation.too_high']]);
    expect(issues({ limit: '0' })).toEqual([['limit', 'validation.too_low']]);
    expect(issues({ offset: '-1' })).toEqual([['offset', 'validation.integer']]);
    expect(issues({ q: 'x'.repeat(101) })).toEqual([['q', 'validation.too_long']]);
  });

  it('offers every normalized tracking status of the origin', () => {
    expect([...SHIPMENT_STATUS_FILTERS]).toEqual([...TRACKING_STATUS_VALUES]);
  });
});

describe('filter building', () => {
  it('turns Prague days into UTC instants, inclusive of the last day, in winter and summer time', () => {
    expect(pragueDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(pragueDayStart('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
    // the night the clocks go forward (29 March 2026) and back (25 October 2026)
    expect(pragueDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(pragueDayStart('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(pragueDayStart('2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
    const criteria = shipmentCriteria(v.parse(ShipmentListQuerySchema, { q: 'Plzeň Nováková', status: 'delivered', carrier: 'ppl', from: '2026-07-01', to: '2026-07-31' }));
    expect(criteria).toEqual({ terms: ['plzen', 'novakova'], statuses: ['delivered'], carrier: 'ppl', since: '2026-06-30T22:00:00.000Z', before: '2026-07-31T22:00:00.000Z' });
  });

  it('leaves out what was not asked for', () => {
    expect(shipmentCriteria(v.parse(ShipmentListQuerySchema, {}))).toEqual({ terms: [], statuses: [], carrier: null, since: null, before: null });
    expect(shipmentCriteria(v.parse(ShipmentListQuerySchema, { to: '2026-12-31' })).before).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe('labels request and view mode', () => {
  it('takes 1 to 100 ids as numbers or digits, each once, for A4 only', () => {
    expect(v.parse(LabelsRequestSchema, { ids: [3, '5', 3] })).toEqual({ ids: [3, 5], format: 'a4' });
    expect(v.safeParse(LabelsRequestSchema, { ids: [] }).success).toBe(false);
    expect(v.safeParse(LabelsRequestSchema, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(false);
    expect(v.safeParse(LabelsRequestSchema, { ids: [1.5] }).success).toBe(false);
    expect(v.safeParse(LabelsRequestSchema, { ids: ['1e3'] }).success).toBe(false);
    expect(v.safeParse(LabelsRequestSchema, { ids: [1], format: 'a6' }).success).toBe(false);
  });

  it('shows tiles unless the list was chosen', () => {
    expect(ordersViewModeOf('list')).toBe('list');
    expect(ordersViewModeOf('tiles')).toBe('tiles');
    expect(ordersViewModeOf(undefined)).toBe('tiles');
    expect(ordersViewModeOf('banana')).toBe('tiles');
  });
});

describe('repeat order', () => {
  const shipment = {
    from: { company: '', firstname: 'Jana', surname: 'Nováková', street: 'Dlouhá 12', city: 'Brno', zip: '60200', country: 'cz', phone: '+420777123456', email: 'jana@example.cz' },
    to: { company: 'Kola s.r.o.', firstname: '', surname: '', street: 'Hlavná 5', city: 'Košice', zip: '04001', country: 'sk', phone: '+421905123456', email: 'kola@example.sk' },
    packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }, { type: 10, weight: 0.5 }],
    services: [{ code: 'cod', data: { value: { value: 1500, currency: 'EUR' }, bank_currency: 'EUR', bank_account: 'CZ6508000000192000145399', bank_code: null, bank_variable: '123', include_shipping_costs: true } }, { code: 'hdf', data: {} }],
    currency: 'CZK',
    reference: 'OBJ-7',
    pickup_date: '2026-01-05',
    service_id: 'dpd-classic',
  } as unknown as OrderShipment;

  it('gives the configurator a draft of the ordered shipment, without its old pickup day', () => {
    const draft = draftOfOrderShipment(shipment, ['+420', '+421', '+1']);
    expect(draft.sender).toMatchObject({ firstName: 'Jana', lastName: 'Nováková', city: 'Brno', zip: '60200', country: 'cz', phoneNumber: { prefix: '+420', number: '777123456' } });
    expect(draft.recipient).toMatchObject({ companyName: 'Kola s.r.o.', city: 'Košice', country: 'sk', phoneNumber: { prefix: '+421', number: '905123456' } });
    expect(draft.content).toEqual([
      { type: 'package', weight: '2', width: '20', height: '10', length: '30' },
      { type: 'envelope', weight: '0.5', width: '', height: '', length: '' },
    ]);
    expect(draft.services.cod).toEqual({ active: true, code: 'cod', data: { currency: 'EUR', value: '1500', includeShipmentCosts: true, bankAccount: { accountNumber: 'CZ6508000000192000145399', bankCode: '', variable: '123' } } });
    expect(draft.services.hdf.active).toBe(true);
    expect(draft.services.ins.active).toBe(false);
    expect(draft).toMatchObject({ currency: 'CZK', reference: 'OBJ-7', pickupDate: '', fromTime: '', cartId: null, customsClearance: null, saveSenderAddress: false });
  });

  it('orders again what was ordered: the cart’s checkout payload of the draft is the original shipment', () => {
    const draft = draftOfOrderShipment(shipment, ['+420', '+421']);
    const [item] = orderItemsOf([{ cartId: 'c1', shipment: draft, quote: { serviceId: 'dpd-classic' }, collectionPoint: null, deliveryPoint: null } as unknown as CartItem]);
    const again = v.parse(OrderItemSchema, item).shipment;
    expect(again.from).toEqual(shipment.from);
    expect(again.to).toEqual(shipment.to);
    expect(again.packages).toEqual([{ type: 0, weight: 2, width: 20, height: 10, length: 30 }, { type: 10, weight: 0.5, width: undefined, height: undefined, length: undefined }]);
    expect(again.services).toEqual(shipment.services);
    expect(again).toMatchObject({ currency: 'CZK', reference: 'OBJ-7', pickup_date: null, service_id: 'dpd-classic' });
  });
});
