/**
 * How a priced order adds up, in integer minor units (haléř, cent), pure and shared by the
 * cart, the checkout, the order page, the e-mails and the invoice:
 * - lines at their list prices (base and price with VAT), the discount as a line of its own,
 *   the total with VAT = list prices − discount;
 * - the VAT recapitulation per rate from its base, as Czech invoices state it:
 *   VAT = round(base × rate), total = base + VAT;
 * - the lines are adjusted so that they sum to the recapitulation to the haléř/cent.
 */

/** VAT of a base at a whole-percent rate, rounded half up (half away from zero below zero) */
export function vatOfBase(baseMinor: number, rate: number): number {
  const vat = Math.floor((Math.abs(baseMinor) * rate + 50) / 100);
  return baseMinor < 0 ? -vat : vat;
}

export type RateRecap = { rate: number; baseMinor: number; vatMinor: number; totalMinor: number };

/**
 * The recapitulation of an amount with VAT at one rate: the base whose base + round(base × rate)
 * is the amount. Rounding the VAT skips some amounts (about one in (100 + rate) / rate): then
 * the base of the amount a haléř/cent below, and that haléř/cent is `roundingMinor`
 * (haléřové vyrovnání, outside the VAT base).
 */
export function recapOfTotal(totalMinor: number, rate: number): RateRecap & { roundingMinor: number } {
  const guess = Math.round((totalMinor * 100) / (100 + rate));
  for (const rounding of [0, 1, -1]) {
    for (const base of [guess, guess - 1, guess + 1, guess - 2]) {
      const vat = vatOfBase(base, rate);
      if (base + vat === totalMinor - rounding) return { rate, baseMinor: base, vatMinor: vat, totalMinor: base + vat, roundingMinor: rounding };
    }
  }
  throw new RangeError(`no base reaches ${totalMinor} at ${rate} %`);
}

export type SumLine = {
  /** the line's base (quantity × unit price) */
  baseMinor: number;
  vatRate: number;
  /** the line's price with VAT as priced; without it base + round(base × rate) */
  totalMinor?: number;
  /** the discount line of its rate: it takes the rounding difference */
  discount?: boolean;
};

export type SummedLine<L extends SumLine> = L & { baseMinor: number; vatMinor: number; totalMinor: number };

export type Sums<L extends SumLine> = {
  lines: SummedLine<L>[];
  /** one row per rate, highest rate first */
  byRate: RateRecap[];
  baseMinor: number;
  vatMinor: number;
  totalMinor: number;
};

/**
 * The recapitulation per rate from the lines' bases (VAT = round(base × rate)) and the lines
 * adjusted to it: each line's VAT is its price with VAT less its base, and the difference to
 * the rate's VAT goes on the rate's discount line, else on its largest line (one line takes
 * the whole difference, so every other line keeps its printed price).
 */
export function recapSums<L extends SumLine>(lines: readonly L[]): Sums<L> {
  const summed = lines.map((line) => {
    const total = line.totalMinor ?? line.baseMinor + vatOfBase(line.baseMinor, line.vatRate);
    return { ...line, baseMinor: line.baseMinor, vatMinor: total - line.baseMinor, totalMinor: total };
  });
  const rates = [...new Set(summed.map((l) => l.vatRate))].sort((a, b) => b - a);
  const byRate = rates.map((rate): RateRecap => {
    const ofRate = summed.filter((l) => l.vatRate === rate);
    const baseMinor = ofRate.reduce((sum, l) => sum + l.baseMinor, 0);
    const vatMinor = vatOfBase(baseMinor, rate);
    const difference = vatMinor - ofRate.reduce((sum, l) => sum + l.vatMinor, 0);
    if (difference !== 0) {
      const taker = ofRate.find((l) => l.discount) ?? ofRate.reduce((a, b) => (Math.abs(b.baseMinor) > Math.abs(a.baseMinor) ? b : a));
      taker.vatMinor += difference;
      taker.totalMinor += difference;
    }
    return { rate, baseMinor, vatMinor, totalMinor: baseMinor + vatMinor };
  });
  const sum = (key: 'baseMinor' | 'vatMinor' | 'totalMinor') => byRate.reduce((total, row) => total + row[key], 0);
  return { lines: summed, byRate, baseMinor: sum('baseMinor'), vatMinor: sum('vatMinor'), totalMinor: sum('totalMinor') };
}

/** an item at its list price: base and price with VAT; `paidMinor` is its price with VAT after the discount */
export type ListItem = { baseMinor: number; totalMinor: number; vatRate: number; paidMinor: number };

/**
 * The lines of a discounted order: every item at its list price and, per rate, one discount
 * line of exactly the discount (negative). Its base is chosen so that the rate's
 * base + round(base × rate) is the amount paid; without a discount the haléř/cent of base that
 * makes it so goes on the largest line (its price stays). An amount no base reaches is one
 * haléř/cent off the nearest reached one: it is `roundingMinor`, the rounding line (haléřové
 * vyrovnání, outside the VAT base, as Czech invoices print it), and the largest line gives it
 * up, so the lines still sum to the recapitulation and the discount stays as shown everywhere.
 */
export function discountedLines(items: readonly ListItem[]): { lines: (SumLine & { item: number | null })[]; roundingMinor: number } {
  const lines: (SumLine & { item: number | null })[] = items.map((item, i) => ({ baseMinor: item.baseMinor, totalMinor: item.totalMinor, vatRate: item.vatRate, item: i }));
  let roundingMinor = 0;
  for (const rate of [...new Set(items.map((i) => i.vatRate))].sort((a, b) => b - a)) {
    const ofRate = lines.filter((l) => l.vatRate === rate);
    const listBase = ofRate.reduce((sum, l) => sum + l.baseMinor, 0);
    const listTotal = ofRate.reduce((sum, l) => sum + l.totalMinor!, 0);
    const paid = items.filter((i) => i.vatRate === rate).reduce((sum, i) => sum + i.paidMinor, 0);
    const recap = recapOfTotal(paid, rate);
    roundingMinor += recap.roundingMinor;
    const largest = ofRate.reduce((a, b) => (b.baseMinor > a.baseMinor ? b : a));
    largest.totalMinor! -= recap.roundingMinor;
    if (paid !== listTotal) lines.push({ baseMinor: recap.baseMinor - listBase, totalMinor: paid - listTotal, vatRate: rate, discount: true, item: null });
    else largest.baseMinor += recap.baseMinor - listBase;
  }
  return { lines, roundingMinor };
}

/** what a priced order prints: list prices, the discount, the total with VAT and its base and VAT */
export type OrderSums = { listMinor: number; discountMinor: number; totalMinor: number; baseMinor: number; vatMinor: number; roundingMinor: number };

/** the sums of an order's items at one rate or several (see discountedLines and recapSums) */
export function orderSums(items: readonly ListItem[]): OrderSums {
  const { lines, roundingMinor } = discountedLines(items);
  const sums = recapSums(lines);
  const listMinor = items.reduce((sum, i) => sum + i.totalMinor, 0);
  const totalMinor = sums.totalMinor + roundingMinor;
  return { listMinor, discountMinor: listMinor - totalMinor, totalMinor, baseMinor: sums.baseMinor, vatMinor: sums.vatMinor, roundingMinor };
}
