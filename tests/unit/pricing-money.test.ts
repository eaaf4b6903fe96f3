import { describe, expect, it } from 'vitest';
import { czkToMinor, exceedsLimit, fromCzk, limitMinor, percentOf, toCzkMinor, toMoney, VAT_PERCENT } from '../../src/server/carriers/pricing/money';

const rates = { EUR: 25, USD: 20 };

describe('pricing money', () => {
  it('turns rate-sheet koruny into haléře, rounding the third decimal half up', () => {
    expect(czkToMinor(123.45)).toBe(12345);
    expect(czkToMinor(0.005)).toBe(1);
    expect(czkToMinor(0)).toBe(0);
  });

  it('takes a percentage of minor units half up, with percents of two decimals', () => {
    expect(percentOf(10_000, 3)).toBe(300);
    expect(percentOf(10, 5)).toBe(1); // 0.5 → 1
    expect(percentOf(30, 5)).toBe(2); // 1.5 → 2
    expect(percentOf(29, 5)).toBe(1); // 1.45 → 1
    expect(percentOf(10_000, 1.25)).toBe(125);
    expect(percentOf(1000, 0)).toBe(0);
    expect(percentOf(0, 7)).toBe(0);
  });

  it('keeps koruny as they are and divides them by the rate for another currency, half up', () => {
    expect(fromCzk(12_345, 'CZK', {})).toBe(12_345);
    expect(fromCzk(2500, 'EUR', rates)).toBe(100);
    expect(fromCzk(2512, 'EUR', rates)).toBe(100); // 100.48 → 100
    expect(fromCzk(2513, 'EUR', rates)).toBe(101); // 100.52 → 101
    expect(fromCzk(2525, 'EUR', rates)).toBe(101); // 101 exactly
    expect(fromCzk(50, 'USD', rates)).toBe(3); // 2.5 → 3
  });

  it('refuses to convert into a currency without a rate, naming it', () => {
    expect(() => fromCzk(100, 'GBP', rates)).toThrow(new RangeError('No exchange rate for GBP'));
  });

  it('converts euros to haléře by multiplying with the rate, half up, and koruny at 1', () => {
    expect(toCzkMinor({ value: 10, currency: 'EUR' }, rates)).toBe(25_000);
    expect(toCzkMinor({ value: 0.01, currency: 'EUR' }, { EUR: 24.35 })).toBe(24); // 24.35 → 24
    expect(toCzkMinor({ value: 0.01, currency: 'EUR' }, { EUR: 24.5 })).toBe(25); // 24.5 → 25
    expect(toCzkMinor({ value: 123.45, currency: 'CZK' }, {})).toBe(12_345);
    expect(toCzkMinor({ value: 123.45, currency: 'CZK' }, { CZK: 2 })).toBe(12_345);
  });

  it('refuses to convert money of a currency without a rate, naming it', () => {
    expect(() => toCzkMinor({ value: 1, currency: 'PLN' }, rates)).toThrow(new RangeError('No exchange rate for PLN'));
  });

  it('takes the carrier\'s own euro limit for euros and converts the koruna limit for other currencies', () => {
    expect(limitMinor(50_000, 2000, 'EUR', rates)).toBe(200_000);
    expect(limitMinor(50_000, 2000.005, 'EUR', rates)).toBe(200_001);
    expect(limitMinor(50_000, 2000, 'CZK', rates)).toBe(5_000_000);
    expect(limitMinor(50_000, 2000, 'USD', rates)).toBe(250_000);
  });

  it('compares euros with the euro limit and other currencies with the koruna limit, the limit itself allowed', () => {
    expect(exceedsLimit({ value: 2000, currency: 'EUR' }, 100, 2000, rates)).toBe(false);
    expect(exceedsLimit({ value: 2000.01, currency: 'EUR' }, 1_000_000, 2000, rates)).toBe(true);
    expect(exceedsLimit({ value: 50_000, currency: 'CZK' }, 50_000, 1, rates)).toBe(false);
    expect(exceedsLimit({ value: 50_000.01, currency: 'CZK' }, 50_000, 1_000_000, rates)).toBe(true);
    expect(exceedsLimit({ value: 2500, currency: 'USD' }, 50_000, 1, rates)).toBe(false);
    expect(exceedsLimit({ value: 2500.01, currency: 'USD' }, 50_000, 1, rates)).toBe(true);
  });

  it('gives minor units back as money of two decimals', () => {
    expect(toMoney(12_345, 'EUR')).toEqual({ value: 123.45, currency: 'EUR' });
  });

  it('charges Czech VAT of 21 % and Slovak of 23 %', () => {
    expect(VAT_PERCENT).toEqual({ cz: 21, sk: 23 });
  });
});
