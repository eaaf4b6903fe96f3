import { isWorkingDay, pragueNow } from '../../lib/calendar';
import type { RateCell } from '../../server/services/rates';

/** Pure shaping of a price table: which price is the cheapest, how many working days a column promises. */

export type CarrierColumn = { code: string; name: string; cells: (RateCell | null)[] };
export type CarrierTable = { weights: number[]; columns: CarrierColumn[]; currency: string };

/**
 * The cheapest cell of every weight: the indexes of the columns that have it (ties all
 * count); none where fewer than two carriers price the weight (nothing to compare).
 */
export function cheapestColumns(table: CarrierTable): Set<number>[] {
  return table.weights.map((_, row) => {
    const prices = table.columns.map((col) => col.cells[row]?.priceVat.value ?? Number.POSITIVE_INFINITY);
    if (prices.filter(Number.isFinite).length < 2) return new Set<number>();
    const min = Math.min(...prices);
    return new Set(prices.flatMap((p, i) => (p === min ? [i] : [])));
  });
}

/** working days from today (Prague) to a delivery date; null without a date */
export function transitDays(deliveryDate: string | null, now = new Date()): number | null {
  if (!deliveryDate) return null;
  const today = pragueNow(now).date;
  let days = 0;
  const d = new Date(`${today}T12:00:00Z`);
  const end = deliveryDate.slice(0, 10);
  while (d.toISOString().slice(0, 10) < end && days < 60) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isWorkingDay(d.toISOString().slice(0, 10), 'cz')) days++;
  }
  return days;
}

/** the fewest and most working days a carrier's column promises */
export function transitRange(column: CarrierColumn, now = new Date()): [number, number] | null {
  const days = column.cells.flatMap((c) => {
    const n = c ? transitDays(c.deliveryDate, now) : null;
    return n === null ? [] : [n];
  });
  return days.length ? [Math.min(...days), Math.max(...days)] : null;
}


/** `?cena=199` (or `?price=`): the amount a promotion advertised; null when absent or not an amount */
export function promoPrice(query: string): number | null {
  const q = new URLSearchParams(query);
  const raw = (q.get('cena') ?? q.get('price'))?.trim();
  if (!raw || !/^\d{1,6}([.,]\d{1,2})?$/.test(raw)) return null;
  const value = Number(raw.replace(',', '.'));
  return value > 0 ? value : null;
}

type Offer = { weight: number; carrier: string; value: number };

/**
 * A promotion's price checked against the live table: the heaviest weight some carrier takes
 * for at most that price (the cheaper carrier on a tie), and the table's cheapest price.
 */
export function promoOffer(table: CarrierTable, price: number): { within: Offer | null; cheapest: Offer | null } {
  let within: Offer | null = null;
  let cheapest: Offer | null = null;
  table.weights.forEach((weight, row) => {
    for (const col of table.columns) {
      const cell = col.cells[row];
      if (!cell) continue;
      const offer = { weight, carrier: col.name, value: cell.priceVat.value };
      if (!cheapest || offer.value < cheapest.value) cheapest = offer;
      if (offer.value <= price && (!within || weight > within.weight || (weight === within.weight && offer.value < within.value))) within = offer;
    }
  });
  return { within, cheapest };
}
