import { describe, expect, it } from 'vitest';
import { carriersFor } from '../../src/server/carriers';
import { rateById, rateMatrix, type RateMatrixRequest } from '../../src/server/services/rates';
import { context, SHEETS } from './quote-fixtures';

const dpdSheet = SHEETS.find((s) => s.carrier === 'dpd')!;
const request = (overrides: Partial<RateMatrixRequest> = {}): RateMatrixRequest => ({
  sheets: [dpdSheet],
  carrier: 'dpd',
  currency: 'CZK',
  territory: 'cz',
  language: 'cs',
  weights: null,
  combinations: [
    { from: 'cz', to: 'sk' },
    { from: 'sk', to: 'cz' },
    { from: 'cz', to: 'de' },
  ],
  ...overrides,
});

describe('rateMatrix', () => {
  it('has one row per route and one cell per weight', () => {
    const matrix = rateMatrix(request(), context());
    expect(matrix.carrier).toBe('dpd');
    expect(matrix.currency).toBe('CZK');
    expect(matrix.weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50]);
    expect(matrix.rows.map((r) => [r.from, r.to])).toEqual([
      ['cz', 'sk'],
      ['sk', 'cz'],
      ['cz', 'de'],
    ]);
    for (const row of matrix.rows) expect(row.prices).toHaveLength(matrix.weights.length);
  });

  it('leaves a cell empty above what the carrier takes, and prices rise with weight', () => {
    const [czsk] = rateMatrix(request(), context()).rows;
    expect(czsk.prices.slice(-2)).toEqual([null, null]); // DPD stops at 31.5 kg
    const known = czsk.prices.filter((c) => c !== null).map((c) => c!.priceVat.value);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(czsk.prices[2]).toMatchObject({
      id: 'dpd:pickup:cz:sk:2',
      weight: 2,
      serviceId: 'dpd-pickup',
      carrier: { code: 'dpd', name: 'DPD' },
      price: { value: 134.54, currency: 'CZK' },
    });
  });

  it('takes the requested weights and currency, and the cheapest of all carriers without a carrier', () => {
    const matrix = rateMatrix(
      request({ sheets: carriersFor('cz').map((c) => c.sheet), carrier: null, currency: 'EUR', weights: [1, 100, 400] }),
      context(),
    );
    expect(matrix.weights).toEqual([1, 100, 400]);
    const [first] = matrix.rows;
    expect(first.prices[0]!.price.currency).toBe('EUR');
    expect(first.prices[1]!.carrier.code).toBe('toptrans');
    expect(first.prices[2]).toBeNull();
  });

  it('uses the weights of the first origin when none are given (spec §9)', () => {
    expect(rateMatrix(request({ combinations: [{ from: 'sk', to: 'cz' }] }), context()).weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5, 50]);
  });
});

describe('rateById', () => {
  it('reads back a cell of the matrix', () => {
    const cell = rateMatrix(request(), context()).rows[0].prices[2]!;
    expect(rateById(cell.id, SHEETS, request(), context())).toEqual(cell);
  });

  it('is null for malformed ids, unknown services and weights the service does not take', () => {
    expect(rateById('nonsense', SHEETS, request(), context())).toBeNull();
    expect(rateById('dpd:nope:cz:sk:2', SHEETS, request(), context())).toBeNull();
    expect(rateById('dpd:classic:cz:sk:40', SHEETS, request(), context())).toBeNull();
  });
});
