import { codToCollect } from './cod';
import type { OrderShipment } from '../../../lib/schemas/order';
import { handoverOf } from '../../../lib/quote-rules';
import { storedQuoteNames } from '../../carriers/stored-names';
import type { ParcelPoint } from '../../../lib/types/quote';
import type { StoredQuote } from './stored-quote';
import type { BookedShipment } from '../../carriers/booking';
import type { OrderItemRow, OrderRow, ShipmentRow } from '../../db/repositories/orders';
import type { DocumentAddress, LabelData } from '../../documents/types';

/**
 * What a shipment's labels print, fixed when the carrier accepts it (stored on the shipment
 * as JSON): one label per package, each with the tracking number, both parties, the parcel
 * point, cash on delivery, the package's weight and the booked pickup day.
 */
const addressOf = (a: OrderShipment['from']): DocumentAddress => ({
  name: `${a.firstname} ${a.surname}`.trim() || a.company,
  ...(a.company && (a.firstname || a.surname) ? { company: a.company } : {}),
  street: a.street,
  city: a.city,
  zip: a.zip,
  country: a.country.toUpperCase(),
  phone: a.phone,
  email: a.email,
});

export function labelDataOf(input: {
  order: Pick<OrderRow, 'number'>;
  item: Pick<OrderItemRow, 'carrier' | 'collectionPointId'>;
  shipment: OrderShipment;
  quote: StoredQuote;
  row: Pick<ShipmentRow, 'trackingNumber'>;
  booked: BookedShipment;
  point: ParcelPoint | null;
}): LabelData[] {
  const { order, item, shipment, quote, row, booked, point } = input;
  // in the label's language (the sender's country's, as the label prints its words)
  const names = storedQuoteNames(quote, shipment.from.country.toLowerCase() === 'sk' ? 'sk' : 'cs');
  const handIn = handoverOf(quote, Boolean(item.collectionPointId)) === 'handIn';
  const packages = shipment.packages.length > 0 ? shipment.packages : [{ weight: null }];
  const cod = codToCollect(shipment, quote);
  return packages.map((pkg, index) => ({
    trackingNumber: row.trackingNumber,
    carrier: { code: quote.carrier.code, name: names.carrier },
    serviceName: names.service ?? '',
    sender: addressOf(shipment.from),
    recipient: addressOf(shipment.to),
    ...(point ? { parcelPoint: { id: point.id, name: point.name, street: point.street, city: point.city, zip: point.zip } } : {}),
    ...(cod && index === 0 ? { cod: { amountMinor: Math.round(cod.value * 100), currency: cod.currency } } : {}),
    weightKg: Number((pkg as { weight?: number | null }).weight ?? 0),
    packageIndex: index + 1,
    packageCount: packages.length,
    pickupDate: booked.pickupDate ?? quote.timeInTransit.pickupDate ?? '',
    ...(handIn ? { handIn } : {}),
    ...(shipment.reference ? { reference: shipment.reference } : {}),
    orderNumber: order.number,
  }));
}
