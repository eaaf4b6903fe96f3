import { describe, expect, it } from 'vitest';
import type { CodOverview } from '../../src/server/api/price-lists';
import type { RateMatrix } from '../../src/server/services/rates';
import { bindings, browser, dataOf } from './client';

describe('v1/price-lists/cod', () => {
  it('lists the services with cash on delivery from the rate sheets, fee with VAT in CZK on the Czech site', async () => {
    const cod = await dataOf<CodOverview>(await browser().get('/api/v1/price-lists/cod'));
    expect(cod.currency).toBe('CZK');
    expect(cod.vatPercent).toBe(21);
    const carriers = new Set(cod.services.map((s) => s.carrier.code));
    expect(carriers).toContain('dpd');
    expect(carriers).toContain('ppl');
    // FedEx and Liftago carry no cash on delivery (their sheets say cod: null)
    expect(carriers).not.toContain('fedex');
    expect(carriers).not.toContain('liftago');
    const dpd = cod.services.find((s) => s.carrier.code === 'dpd' && s.max.value === 100_000)!;
    expect(dpd.fee).toEqual({ value: 29, currency: 'CZK' });
    expect(dpd.feeVat).toEqual({ value: 35.09, currency: 'CZK' });
    for (const s of cod.services) expect(s.routes.length).toBeGreaterThan(0);
  });

  it('answers in euros with Slovak VAT and without PPL on the Slovak site', async () => {
    const cod = await dataOf<CodOverview>(await browser().call('GET', `http://${bindings.SK_HOST}/api/v1/price-lists/cod`, undefined, { origin: `http://${bindings.SK_HOST}` }));
    expect(cod.currency).toBe('EUR');
    expect(cod.vatPercent).toBe(23);
    expect(cod.services.some((s) => s.carrier.code === 'ppl')).toBe(false);
    for (const s of cod.services) expect(s.fee.currency).toBe('EUR');
    // the carriers' own EUR limits, not 100 000 Kč converted
    expect(cod.services.filter((s) => s.carrier.code === 'dpd').map((s) => s.max.value)).toEqual([4000, 2000, 4000]);
  });
});

describe('the country price list call (v1/rates/list per carrier)', () => {
  it('gives one carrier column of the §9 weights for CZ → DE and the sk weights for SK → CZ', async () => {
    const b = browser();
    const de = await dataOf<RateMatrix>(await b.post('/api/v1/rates/list', { carrier: 'dpd', combinations: [{ from: 'cz', to: 'de' }] }));
    expect(de.weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50]);
    expect(de.rows[0]!.prices.some((cell) => cell?.carrier.code === 'dpd')).toBe(true);
    const sk = await dataOf<RateMatrix>(await b.post('/api/v1/rates/list', { carrier: 'gls', combinations: [{ from: 'sk', to: 'cz' }] }));
    expect(sk.weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5, 50]);
  });
});
