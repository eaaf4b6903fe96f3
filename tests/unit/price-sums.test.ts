import { describe, expect, it } from 'vitest';
import { listSums } from '../../src/components/cart/price-sums';

describe('the cart panel before the server priced the order', () => {
  it('splits the list prices by the items’ own base: a CZ→SK parcel on the Slovak site carries 21 %, not the territory’s 23 %', () => {
    // 10,00 € net at 21 % is 12,10 €; a 23 % guess would show 9,84 € + 2,26 €
    expect(listSums(12.1, 'EUR', 10)).toMatchObject({ total: 12.1, base: 10, vat: 2.1, rounding: 0 });
  });

  it('without the base, recaps the total at the currency’s territory rate', () => {
    expect(listSums(12.3, 'EUR')).toMatchObject({ total: 12.3, base: 10, vat: 2.3 });
    expect(listSums(121, 'CZK')).toMatchObject({ total: 121, base: 100, vat: 21 });
  });
});
