import { describe, expect, it } from 'vitest';
import { rateLimitClass, signedCaller } from '../../src/edge/rate-limit';

describe('which calls the edge counts as expensive', () => {
  it.each(['/api/v2/quote/find', '/api/v1/rates/list', '/api/v1/parcelpoints/search', '/api/v1/parcelpoints/find', '/api/v1/carriers/parcel-point-prices', '/api/v1/import/price'])('%s', (path) => {
    expect(rateLimitClass('GET', path, false)).toBe('expensive');
  });
  it('leaves plain public reads alone', () => {
    expect(rateLimitClass('GET', '/api/v1/page/faq', false)).toBeNull();
    expect(rateLimitClass('GET', '/api/v1/carriers/dpd', false)).toBeNull();
  });
});

describe('signed server-to-server posts have their own class, per caller', () => {
  it('carrier events and card notifications', () => {
    expect(rateLimitClass('POST', '/api/v1/carriers/dpd/events', false)).toBe('signed');
    expect(signedCaller('POST', '/api/v1/carriers/dpd/events')).toBe('carrier:dpd');
    // GoPay notifies with GET ?id=
    expect(rateLimitClass('GET', '/api/v1/payments/card/notify', false)).toBe('signed');
    expect(signedCaller('GET', '/api/v1/payments/card/notify')).toBe('card-gateway');
    expect(signedCaller('POST', '/api/v1/payments/card/notify')).toBeNull();
  });
  it('an unknown carrier name is a visitor write', () => {
    expect(rateLimitClass('POST', '/api/v1/carriers/x1/events', false)).toBe('write');
    expect(rateLimitClass('POST', '/api/v1/app/handshake', false)).toBe('write');
  });
});
