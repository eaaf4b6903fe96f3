import { recapSums } from '../../lib/invoice-sums';
import type { VatRate } from './types';

/**
 * VAT of invoice lines in integer minor units, pure and shared (orders reuse it; it has
 * no PDF dependency, import it from here, not from the documents index):
 * - each line: base = quantity × unit price, VAT = base × rate / 100 rounded half up
 *   (half away from zero for a negative discount line), total = base + VAT;
 * - per rate: the sums of its lines' bases and VATs;
 * - the document: the sums of the rates. Every total is a sum of line amounts, so the
 *   invoice always adds up to the haléř/cent.
 */

export type VatLine = { quantity: number; unitPriceMinor: number; vatRate: VatRate };

export type VatLineResult<L extends VatLine = VatLine> = L & { baseMinor: number; vatMinor: number; totalMinor: number };

export type VatRateSummary = { rate: VatRate; baseMinor: number; vatMinor: number; totalMinor: number };

export type VatTotals<L extends VatLine = VatLine> = {
  lines: VatLineResult<L>[];
  /** one row per rate that occurs, highest rate first */
  byRate: VatRateSummary[];
  baseMinor: number;
  vatMinor: number;
  totalMinor: number;
};

const RATES: readonly number[] = [0, 21, 23];

/** VAT of a base at a whole-percent rate, rounded half up (half away from zero below zero). */
export function vatOf(baseMinor: number, rate: VatRate): number {
  if (!Number.isSafeInteger(baseMinor)) throw new RangeError(`VAT base must be an integer of minor units, got ${baseMinor}`);
  if (!RATES.includes(rate)) throw new RangeError(`unsupported VAT rate ${rate}`);
  const scaled = Math.abs(baseMinor) * rate; // exact: |base| < 2^53 / 23 for any real invoice
  if (!Number.isSafeInteger(scaled)) throw new RangeError('VAT base too large');
  const vat = Math.floor((scaled + 50) / 100);
  return baseMinor < 0 ? -vat : vat;
}

export function computeVat<L extends VatLine>(lines: readonly L[]): VatTotals<L> {
  const byRate = new Map<VatRate, VatRateSummary>();
  const results = lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) throw new RangeError(`quantity must be a positive integer, got ${line.quantity}`);
    if (!Number.isSafeInteger(line.unitPriceMinor)) throw new RangeError(`unit price must be an integer of minor units, got ${line.unitPriceMinor}`);
    const baseMinor = line.quantity * line.unitPriceMinor;
    const vatMinor = vatOf(baseMinor, line.vatRate);
    const totalMinor = baseMinor + vatMinor;
    const row = byRate.get(line.vatRate) ?? { rate: line.vatRate, baseMinor: 0, vatMinor: 0, totalMinor: 0 };
    row.baseMinor += baseMinor;
    row.vatMinor += vatMinor;
    row.totalMinor += totalMinor;
    byRate.set(line.vatRate, row);
    return { ...line, baseMinor, vatMinor, totalMinor };
  });
  const rows = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  const sum = (key: 'baseMinor' | 'vatMinor' | 'totalMinor') => rows.reduce((total, row) => total + row[key], 0);
  return { lines: results, byRate: rows, baseMinor: sum('baseMinor'), vatMinor: sum('vatMinor'), totalMinor: sum('totalMinor') };
}

export type InvoiceTotals<L extends VatLine = VatLine> = VatTotals<L> & { roundingMinor: number; toPayMinor: number };

/**
 * An invoice's amounts: a recap invoice (`data.recap`) states VAT = round(base × rate) per
 * rate with the lines adjusted to it (recapSums) and its rounding line; an invoice issued
 * before keeps the sums it was issued with (computeVat).
 */
export function invoiceVat<L extends VatLine & { totalMinor?: number; discount?: boolean }>(data: { lines: readonly L[]; recap?: true; roundingMinor?: number }): InvoiceTotals<L> {
  if (!data.recap) {
    const totals = computeVat(data.lines);
    return { ...totals, roundingMinor: 0, toPayMinor: totals.totalMinor };
  }
  computeVat(data.lines.map(({ quantity, unitPriceMinor, vatRate }) => ({ quantity, unitPriceMinor, vatRate }))); // the same checks of the amounts
  const sums = recapSums(data.lines.map((line) => ({ ...line, baseMinor: line.quantity * line.unitPriceMinor })));
  const roundingMinor = data.roundingMinor ?? 0;
  return {
    lines: sums.lines as VatLineResult<L>[],
    byRate: sums.byRate.map((row) => ({ ...row, rate: row.rate as VatRate })),
    baseMinor: sums.baseMinor,
    vatMinor: sums.vatMinor,
    totalMinor: sums.totalMinor,
    roundingMinor,
    toPayMinor: sums.totalMinor + roundingMinor,
  };
}
