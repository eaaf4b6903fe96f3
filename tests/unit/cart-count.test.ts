import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCartCount, readHasStoredState, storedCartCount, storedStateOf } from '../../src/state/cart-count';
import { STATE_LIFETIME_MS, STORAGE_KEY } from '../../src/state/storage-key';

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

describe('whether there is a stored state to restore (the home form loads its state code only then, or on focus)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });
  it('is true for a readable state within its lifetime under the state key', () => {
    vi.useFakeTimers({ now });
    vi.stubGlobal('localStorage', storage({ [STORAGE_KEY]: stored(now - 1000, []) }));
    expect(readHasStoredState()).toBe(true);
  });
  it('is false for nothing stored, another key, an expired or broken state, or blocked storage', () => {
    vi.useFakeTimers({ now });
    vi.stubGlobal('localStorage', storage({}));
    expect(readHasStoredState()).toBe(false);
    vi.stubGlobal('localStorage', storage({ other: stored(now, []) }));
    expect(readHasStoredState()).toBe(false);
    vi.stubGlobal('localStorage', storage({ [STORAGE_KEY]: stored(now - STATE_LIFETIME_MS, []) }));
    expect(readHasStoredState()).toBe(false);
    vi.stubGlobal('localStorage', storage({ [STORAGE_KEY]: '{not json' }));
    expect(readHasStoredState()).toBe(false);
    vi.stubGlobal('localStorage', { getItem: () => { throw new Error('SecurityError'); } });
    expect(readHasStoredState()).toBe(false);
  });
});

describe('the stored state envelope', () => {
  const envelope = (value: unknown) => JSON.stringify(value);
  it('is the state object of a readable envelope, and null for anything else', () => {
    expect(storedStateOf(envelope({ savedAt: now, state: { draft: 1 } }), now)).toEqual({ draft: 1 });
    expect(storedStateOf('{not json', now)).toBeNull();
    expect(storedStateOf(envelope({ savedAt: now, state: null }), now)).toBeNull();
    expect(storedStateOf(envelope({ savedAt: now, state: 'cart' }), now)).toBeNull();
    expect(storedStateOf(envelope({ savedAt: now }), now)).toBeNull();
  });
  it('needs a saving time even when the clock is within a lifetime of the epoch', () => {
    expect(storedStateOf(envelope({ state: { cart: { items: [{}] } } }), 1000)).toBeNull();
    expect(storedStateOf(envelope({ savedAt: 'yesterday', state: { cart: { items: [{}] } } }), 1000)).toBeNull();
  });
  it('counts no cart in a state without one', () => {
    expect(storedCartCount(envelope({ savedAt: now, state: { draft: {} } }), now)).toBe(0);
  });
});

describe("the navbar's cart count from this browser's storage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  it('reads the state key, and counts nothing when storage is blocked', () => {
    vi.useFakeTimers({ now });
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === STORAGE_KEY ? stored(now, [{}, {}]) : null) });
    expect(readCartCount()).toBe(2);
    vi.stubGlobal('localStorage', { getItem: () => { throw new Error('SecurityError'); } });
    expect(readCartCount()).toBe(0);
  });
});
