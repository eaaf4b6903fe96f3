import type { CurrencyCode, Money } from '../../../lib/types/quote';
import type { ExchangeRates } from './shipment';

/** Money in integer minor units (haléř, cent); half-up rounding wherever a fraction appears. */

/** CZK with up to two decimals, as rate sheets write it, to haléře. */
export const czkToMinor = (czk: number) => Math.round(czk * 100);

/** `percent` % of a non-negative minor amount, rounded half up (exact integer arithmetic for percents with up to 2 decimals). */
export function percentOf(minor: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((2 * minor * basisPoints + 10_000) / 20_000);
}

/** Converts CZK minor units to `currency` minor units with the CZK-per-unit rate, half up. */
export function fromCzk(minorCzk: number, currency: CurrencyCode, rates: ExchangeRates): number {
  if (currency === 'CZK') return minorCzk;
  const rate = rates[currency];
  if (!rate) throw new RangeError(`No exchange rate for ${currency}`);
  return Math.floor(Number((minorCzk / rate).toPrecision(12)) + 0.5);
}

/** Converts a money amount to CZK minor units. */
export function toCzkMinor(money: Money, rates: ExchangeRates): number {
  const rate = money.currency === 'CZK' ? 1 : rates[money.currency];
  if (!rate) throw new RangeError(`No exchange rate for ${money.currency}`);
  return Math.floor(Number((money.value * 100 * rate).toPrecision(12)) + 0.5);
}

/**
 * A rate-sheet limit in `currency` minor units: the carrier's own EUR figure for euros (never a
 * conversion), the CZK figure for koruny, other currencies converted from CZK.
 */
export function limitMinor(czk: number, eur: number, currency: CurrencyCode, rates: ExchangeRates): number {
  return currency === 'EUR' ? Math.round(eur * 100) : fromCzk(czkToMinor(czk), currency, rates);
}

/** An amount over a sheet limit: euros against the EUR figure, any other currency against the CZK one. */
export function exceedsLimit(amount: Money, czk: number, eur: number, rates: ExchangeRates): boolean {
  return amount.currency === 'EUR' ? Math.round(amount.value * 100) > Math.round(eur * 100) : toCzkMinor(amount, rates) > czkToMinor(czk);
}

export const toMoney = (minor: number, currency: CurrencyCode): Money => ({ value: minor / 100, currency });

export const VAT_PERCENT = { cz: 21, sk: 23 } as const;
