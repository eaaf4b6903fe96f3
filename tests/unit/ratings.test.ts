import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isRatingStep, NpsSchema, RATING_STEPS, ShipmentRatingSchema } from '../../src/lib/schemas/app';
import { ratingCacheKeys } from '../../src/server/services/shipment-ratings';

describe('rating half steps', () => {
  it('takes 0.5 to 5 in half stars only', () => {
    expect(RATING_STEPS.every(isRatingStep)).toBe(true);
    for (const bad of [0, 0.25, 4.3, 5.5, -1, Number.NaN]) expect(isRatingStep(bad)).toBe(false);
    expect(v.safeParse(ShipmentRatingSchema, { token: 'x'.repeat(43), id: '7', rating: 4.5 }).output).toMatchObject({ id: 7, rating: 4.5, comment: '' });
    // `score` is the older name of `rating`
    expect(v.safeParse(ShipmentRatingSchema, { token: 'x'.repeat(43), id: '7', score: 4.5 }).output).toMatchObject({ id: 7, rating: 4.5, comment: '' });
    expect(v.safeParse(ShipmentRatingSchema, { token: 'x'.repeat(43), id: 7, score: 4.4 }).issues?.[0]?.message).toBe('rating.error.score');
  });

  it('NPS is a whole number 0–10', () => {
    expect(v.safeParse(NpsSchema, { score: 10 }).success).toBe(true);
    expect(v.safeParse(NpsSchema, { score: 0 }).success).toBe(true);
    expect(v.safeParse(NpsSchema, { score: 11 }).success).toBe(false);
    expect(v.safeParse(NpsSchema, { score: 7.5 }).success).toBe(false);
  });

  it('drops the gateway keys of the aggregate and the countries in every territory and language', () => {
    const keys = ratingCacheKeys(['cz', 'de']);
    expect(keys).toContain('api:cz:cs:/api/v1/app/aggregate-rating');
    expect(keys).toContain('api:sk:en:/api/v1/app/pricelist-rating?country=de');
    expect(keys).toContain('api:sk:sk:/api/v1/benefit-stats/info');
    expect(keys).toHaveLength(2 * 4 * 4);
  });
});
