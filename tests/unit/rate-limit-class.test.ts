import { describe, expect, it } from 'vitest';
import { rateLimitClass } from '../../src/edge/rate-limit';

describe('which calls the edge counts as expensive', () => {
  it.each(['/api/v2/quote/find', '/api/v1/rates/list', '/api/v1/parcelpoints/search', '/api/v1/parcelpoints/find', '/api/v1/carriers/parcel-point-prices', '/api/v1/import/price'])('%s', (path) => {
    expect(rateLimitClass('GET', path, false)).toBe('expensive');
  });
  it('leaves plain public reads alone', () => {
    expect(rateLimitClass('GET', '/api/v1/page/faq', false)).toBeNull();
    expect(rateLimitClass('GET', '/api/v1/carriers/dpd', false)).toBeNull();
  });
});
