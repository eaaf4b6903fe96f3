import { describe, expect, it } from 'vitest';
import { hasUnsavedWork } from '../../src/state/session';
import { STATE_LIFETIME_MS } from '../../src/state/storage-key';

const now = Date.UTC(2026, 10, 23);
const stored = (state: unknown, savedAt = now - 1000) => JSON.stringify({ version: '1.0.11', savedAt, state });

describe('unsaved work before signing out (spec §4)', () => {
  it('finds a configurator draft or a cart item', () => {
    expect(hasUnsavedWork(stored({ draft: { sender: {} }, cart: { items: [] } }), now)).toBe(true);
    expect(hasUnsavedWork(stored({ draft: null, cart: { items: [{}] } }), now)).toBe(true);
  });

  it('finds nothing in an empty, expired, missing or broken state', () => {
    expect(hasUnsavedWork(stored({ draft: null, cart: { items: [] } }), now)).toBe(false);
    expect(hasUnsavedWork(stored({ draft: {}, cart: { items: [{}] } }, now - STATE_LIFETIME_MS), now)).toBe(false);
    expect(hasUnsavedWork(null, now)).toBe(false);
    expect(hasUnsavedWork('{oops', now)).toBe(false);
  });
});
