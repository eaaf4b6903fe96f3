import * as v from 'valibot';
import { addressFromApi } from '../../../lib/address';
import type { Language } from '../../../lib/language';
import { ShipmentDraftSchema, type ShipmentDraft } from '../../../lib/schemas/draft';
import type { OrderShipment } from '../../../lib/schemas/order';
import type { QuoteRequestOutput } from '../../../lib/schemas/quote';
import { PACKAGE_TYPES, type ParcelPoint, type Quote, type Territory } from '../../../lib/types/quote';
import { allCountries } from '../../db/repositories/content';
import { itemsOf } from '../../db/repositories/orders';
import type { UserRow } from '../../db/repositories/users';
import { getParcelPoint } from '../parcel-points';
import { prepareQuote, quoteDetail, type QuoteServiceOptions } from '../quote-service';
import { ownOrder } from './orders';

/**
 * "Repeat order": the order's shipments as new configurator drafts, each priced again now
 * (the carriers' prices, surcharges and pickup days may have changed since), for the browser
 * to put into its cart. A shipment whose service no longer quotes is left out and named.
 * The pickup day and time are not repeated: they were for the first sending.
 */
const PACKAGE_TYPE_BY_CODE = Object.fromEntries(Object.entries(PACKAGE_TYPES).map(([name, code]) => [code, name]));

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** '+420777123456' → the longest known calling code it starts with, and the rest */
function splitPhone(phone: string, prefixes: readonly string[]): { prefix: string; number: string } {
  const prefix = prefixes.filter((p) => phone.startsWith(p)).sort((a, b) => b.length - a.length)[0] ?? '';
  return { prefix, number: phone.slice(prefix.length) };
}

/** An ordered shipment (the §7 payload it was booked with) as a configurator draft (spec §3), for a new cart item. */
export function draftOfOrderShipment(shipment: OrderShipment, phonePrefixes: readonly string[]): ShipmentDraft {
  const address = (a: OrderShipment['from']) => {
    const phone = splitPhone(a.phone, phonePrefixes);
    return addressFromApi({ company: a.company, firstname: a.firstname, surname: a.surname, phone: a.phone, phone_number: phone.number, email: a.email, street: a.street, city: a.city, zip: a.zip, country: a.country }, phone.prefix);
  };
  const cod = shipment.services.find((s) => s.code === 'cod');
  const ins = shipment.services.find((s) => s.code === 'ins');
  const currency = shipment.currency ?? '';
  const customs = shipment.customs;
  const raw = {
    sender: address(shipment.from),
    recipient: address(shipment.to),
    content: shipment.packages.map((p) => ({ type: PACKAGE_TYPE_BY_CODE[p.type ?? 0] ?? 'package', weight: text(p.weight), width: text(p.width), height: text(p.height), length: text(p.length) })),
    services: {
      cod: cod?.code === 'cod'
        ? {
            active: true,
            code: 'cod',
            data: {
              currency: cod.data.value.currency,
              value: text(cod.data.value.value),
              includeShipmentCosts: cod.data.include_shipping_costs,
              bankAccount: { accountNumber: text(cod.data.bank_account), bankCode: text(cod.data.bank_code), variable: text(cod.data.bank_variable) },
            },
          }
        : undefined,
      ins: ins?.code === 'ins' ? { active: true, code: 'ins', data: { value: text(ins.data.value.value), currency: ins.data.value.currency } } : undefined,
      hdf: shipment.services.some((s) => s.code === 'hdf') ? { active: true, code: 'hdf', data: {} } : undefined,
    },
    shipmentValue: { value: '', currency },
    currency,
    note: '',
    reference: text(shipment.reference),
    pickupDate: '',
    pickupTime: '',
    fromTime: '',
    toTime: '',
    saveSenderAddress: false,
    saveRecipientAddress: false,
    customsClearance: customs
      ? {
          reason: customs.reason ?? undefined,
          invoiceFiles: customs.invoice_files ?? [],
          representationFile: customs.customs_representation_file ?? null,
          currency: customs.currency ?? currency,
          items: (customs.items ?? []).map((i) => ({ name: i.name, country: i.country, quantity: text(i.quantity), value: text(i.value), hsCode: text(i.hs_code) })),
          additionalInfo: (customs.additional_info ?? []).map((i) => ({ type: i.type, value: text(i.value) })),
          eori: '',
        }
      : null,
    cartId: null,
  };
  // the stored-draft schema gives every field the configurator's own shape (and drops what it would not read)
  return v.parse(ShipmentDraftSchema, raw);
}

export type RepeatedItem = { position: number; shipment: ShipmentDraft; quote: Quote; collectionPoint: ParcelPoint | null; deliveryPoint: ParcelPoint | null; previous_price_vat: number };
export type SkippedItem = { position: number; code: 'shipments.repeat.unavailable'; route: { from: string; to: string } };

const orderable = (q: Quote | null): q is Quote => q !== null && q.priceVat !== null && q.errors.length === 0 && q.restrictions.length === 0;

/** `main`: the main database when `d1` is a closed year's (services/archive/years/read.ts): countries, rates and parcel points are read there */
export async function repeatOrder(d1: D1Database, user: UserRow, token: string, scope: { territory: Territory; language: Language }, options: QuoteServiceOptions = {}, main: D1Database = d1) {
  const order = await ownOrder(d1, user, token);
  const [items, countries] = await Promise.all([itemsOf(d1, order.id), allCountries(main)]);
  const prefixes = [...new Set(countries.map((c) => c.phonePrefix).filter((p): p is string => Boolean(p)))];
  const repeated: RepeatedItem[] = [];
  const skipped: SkippedItem[] = [];
  for (const item of items) {
    const shipment = JSON.parse(item.shipment) as OrderShipment;
    const request = { ...shipment, pickup_date: null, from_time: null, to_time: null, complete: true } as unknown as QuoteRequestOutput;
    const { shipment: parcel, context } = await prepareQuote(main, request, scope);
    const quote = await quoteDetail(parcel, item.serviceId, context, options);
    if (!orderable(quote)) {
      skipped.push({ position: item.position, code: 'shipments.repeat.unavailable', route: { from: shipment.from.city, to: shipment.to.city } });
      continue;
    }
    const [collectionPoint, deliveryPoint] = await Promise.all([item.collectionPointId ? getParcelPoint(main, item.collectionPointId) : null, item.deliveryPointId ? getParcelPoint(main, item.deliveryPointId) : null]);
    repeated.push({ position: item.position, shipment: draftOfOrderShipment(shipment, prefixes), quote, collectionPoint, deliveryPoint, previous_price_vat: item.priceVatMinor / 100 });
  }
  return { number: order.number, currency: order.currency, previous_total_vat: order.totalVatMinor / 100, items: repeated, skipped };
}
