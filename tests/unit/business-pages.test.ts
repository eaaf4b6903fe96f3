import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src/components/business-pages/relative-time';
import { saleOf, weightBand } from '../../src/server/services/recent-sales';

describe('recent sales (business landing)', () => {
  it('tells how long ago in the page language, in the largest unit that fits', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
    expect(timeAgo(ago(5 * 60), now, 'cs-CZ')).toBe('před 5 minutami');
    expect(timeAgo(ago(5 * 60), now, 'en-US')).toBe('5 minutes ago');
    expect(timeAgo(ago(20), now, 'cs-CZ')).toBe('nyní');
    expect(timeAgo(ago(3 * 3600 + 59), now, 'cs-CZ')).toBe('před 3 hodinami');
    expect(timeAgo(ago(26 * 3600), now, 'en-US')).toBe('yesterday');
    // a clock a little ahead of the server's is "now", not "in 2 seconds"
    expect(timeAgo(ago(-2), now, 'en-US')).toBe('now');
  });

  it('puts a total weight in its band', () => {
    expect(weightBand(0.5)).toEqual({ min: 0, max: 1 });
    expect(weightBand(1)).toEqual({ min: 0, max: 1 });
    expect(weightBand(1.2)).toEqual({ min: 1, max: 2 });
    expect(weightBand(31.5)).toEqual({ min: 20, max: 31.5 });
    expect(weightBand(1000)).toEqual({ min: 50, max: null });
  });

  it('keeps only the carrier, towns, countries, weight band, parcel count and time of a stored shipment', () => {
    const party = (city: string) => ({ firstname: 'Jana', surname: 'Nová', company: 'Nová s.r.o.', street: 'Dlouhá 1', city: ` ${city} `, zip: '11000', country: 'CZ', phone: '+420777123456', email: 'jana@example.cz' });
    const sale = saleOf({
      carrier: 'wedo',
      paidAt: '2026-11-23T11:55:00.000Z',
      shipment: JSON.stringify({ from: party('Brno'), to: party('Praha'), packages: [{ weight: 2 }, { weight: 1.5 }], reference: 'Objednávka 42', services: [{ code: 'cod', data: { bank_account: '19-2000145399/0800' } }] }),
    });
    expect(sale).toEqual({ carrier: 'wedo', carrier_name: 'One by Allegro', from: { country: 'cz', city: 'Brno' }, to: { country: 'cz', city: 'Praha' }, weight_band: { min: 2, max: 5 }, packages: 2, paid_at: '2026-11-23T11:55:00.000Z' });
  });
});
