import { searchKey, searchTerms, type ShipmentListQuery, type ShipmentStatusFilter } from '../../../lib/schemas/client-shipments';
import type { OrderShipment } from '../../../lib/schemas/order';

/**
 * From the list's query to what the SQL filters on (pure, unit-tested): search words,
 * statuses, carrier, and the day range as instants. Days are Prague calendar days,
 * inclusive; `created_at` is stored as a UTC ISO instant, so the range is compared as text.
 */
export type ShipmentCriteria = {
  terms: string[];
  statuses: ShipmentStatusFilter[];
  carrier: string | null;
  /** created at or after (ISO instant) */
  since: string | null;
  /** created before (ISO instant) */
  before: string | null;
};

const pragueClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const pragueWallTime = (instant: Date) => {
  const p = Object.fromEntries(pragueClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

/**
 * The instant a Prague calendar day begins: midnight there is 23:00 (CET) or 22:00 (CEST)
 * UTC the day before. Daylight saving switches at 02:00/03:00, so midnight always exists once.
 */
export function pragueDayStart(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(y!, m! - 1, d!, -offsetHours));
    if (pragueWallTime(candidate) === `${isoDate}T00:00`) return candidate.toISOString();
  }
  throw new RangeError(`No Prague midnight on ${isoDate}`);
}

const nextDay = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
};

export function shipmentCriteria(query: Pick<ShipmentListQuery, 'q' | 'status' | 'carrier' | 'from' | 'to'>): ShipmentCriteria {
  return {
    terms: searchTerms(query.q),
    statuses: query.status,
    carrier: query.carrier,
    since: query.from ? pragueDayStart(query.from) : null,
    before: query.to ? pragueDayStart(nextDay(query.to)) : null,
  };
}

/** what a shipment is found by: its numbers, and each side's people, company and town */
export function shipmentSearchText(input: { trackingNumber: string; orderNumber: string; shipment: Pick<OrderShipment, 'from' | 'to'> }): string {
  const side = (p: OrderShipment['from']) => [p.firstname, p.surname, p.company, p.city];
  return searchKey([input.trackingNumber, input.orderNumber, ...side(input.shipment.from), ...side(input.shipment.to)].filter(Boolean).join(' '));
}
