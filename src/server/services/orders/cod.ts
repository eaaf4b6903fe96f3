import type { OrderShipment } from '../../../lib/schemas/order';
import type { Money, Quote } from '../../../lib/types/quote';

/**
 * What the carrier collects from the recipient (spec §5): the amount the server priced with the
 * order (with the shipment's price with VAT when the sender added the shipping), the same on the
 * order page, the label, the booking and tracking; an order priced before the quote carried it
 * collects the typed amount. Null without cash on delivery.
 */
export function codToCollect(shipment: Pick<OrderShipment, 'services'>, quote: Pick<Quote, 'codAmount'>): Money | null {
  const cod = shipment.services.find((s) => s.code === 'cod');
  if (!cod || cod.code !== 'cod') return null;
  return quote.codAmount ?? { value: cod.data.value.value, currency: cod.data.value.currency };
}
