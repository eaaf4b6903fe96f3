import { describe, expect, it } from 'vitest';
import { storedCartCount } from '../../src/state/cart-count';
import { STATE_LIFETIME_MS } from '../../src/state/storage-key';

const now = Date.UTC(2026, 10, 21);
const stored = (savedAt: number, items: unknown) => JSON.stringify({ version: '1.0.11', savedAt, state: { cart: { items } } });

describe('stored cart count for the navbar', () => {
  it('counts the stored cart items', () => {
    expect(storedCartCount(stored(now - 1000, [{}, {}]), now)).toBe(2);
  });
  it('honours the 60-day lifetime and the never-expires flag', () => {
    expect(storedCartCount(stored(now - STATE_LIFETIME_MS, [{}]), now)).toBe(0);
    expect(storedCartCount(stored(-1, [{}, {}, {}]), now)).toBe(3);
  });
  it('treats missing or broken state as an empty cart', () => {
    expect(storedCartCount(null, now)).toBe(0);
    expect(storedCartCount('{not json', now)).toBe(0);
    expect(storedCartCount(stored(now, 'x'), now)).toBe(0);
    expect(storedCartCount(JSON.stringify({ state: { cart: { items: [{}] } } }), now)).toBe(0);
  });
});
