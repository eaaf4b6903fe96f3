import { describe, expect, it } from 'vitest';
import { roundMoney } from '../../src/lib/money';

describe('roundMoney (spec §5: money is rounded to 2 decimals)', () => {
  it('rounds half away from zero, whatever the binary noise', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.344)).toBe(2.34);
    expect(roundMoney(2.5, 0)).toBe(3);
    expect(roundMoney(-2.5, 0)).toBe(-3);
  });

  it('a negative amount that rounds to nothing is zero, not minus zero', () => {
    expect(roundMoney(-0.001)).toBe(0);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });

  it('leaves what is not a finite number as it is', () => {
    expect(roundMoney(Number.NaN)).toBeNaN();
    expect(roundMoney(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundMoney(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(roundMoney(0)).toBe(0);
    expect(roundMoney(-0)).toBe(0);
  });
});
