import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { parseStateCookie, serializeStateCookie, STATE_COOKIE_NAME } from '../../src/lib/state-cookie';
import {
  defaultPersistedState,
  NEVER_EXPIRES,
  restorePersistedState,
  serializePersistedState,
  STATE_LIFETIME_MS,
  STORAGE_KEY,
  toStateCookie,
  type PersistedState,
} from '../../src/state/persisted-state';
import { createPersistedStorage } from '../../src/state/storage';
import { sampleParcelPoint, sampleQuote } from './configurator-fixtures';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 24 * 60 * 60 * 1000;

const savedState = (): PersistedState => ({
  ...defaultPersistedState(),
  draft: emptyDraft('cz'),
  selectedQuote: sampleQuote(),
  collectionPoint: sampleParcelPoint(),
  completedSteps: ['carrier', 'sender'],
  cart: {
    orderToken: 'ord-1',
    items: [{ cartId: 'c1', shipment: emptyDraft('cz'), quote: sampleQuote(), collectionPoint: null, deliveryPoint: null }],
    discount: { amount: 50, percent: null },
    paymentMethod: 'card',
    payer: { type: 'company', id: 3 },
  },
  hasContract: true,
});

describe('restorePersistedState', () => {
  it('round-trips the current version', () => {
    const state = savedState();
    expect(restorePersistedState(serializePersistedState(state, NOW), NOW + DAY)).toEqual(state);
  });

  it('restores only states saved less than 60 days ago', () => {
    const raw = serializePersistedState(savedState(), NOW);
    expect(restorePersistedState(raw, NOW + STATE_LIFETIME_MS - 1).draft).not.toBeNull();
    expect(restorePersistedState(raw, NOW + STATE_LIFETIME_MS)).toEqual(defaultPersistedState());
    expect(STATE_LIFETIME_MS).toBe(60 * DAY);
  });

  it('keeps a state flagged savedAt -1 forever', () => {
    const raw = JSON.stringify({ version: '1.0.11', savedAt: NEVER_EXPIRES, state: savedState() });
    expect(restorePersistedState(raw, NOW + 1000 * DAY).hasContract).toBe(true);
  });

  it('falls back to defaults for garbage, never throwing', () => {
    for (const raw of ['{', 'null', '"x"', '[]', '{"savedAt":"yesterday"}', JSON.stringify({ version: '9.9.9', savedAt: NOW, state: {} })]) {
      expect(restorePersistedState(raw, NOW)).toEqual(defaultPersistedState());
    }
    expect(restorePersistedState(null, NOW)).toEqual(defaultPersistedState());
  });

  it('replaces malformed parts by defaults and drops bad cart items only', () => {
    const state = {
      ...savedState(),
      selectedQuote: { id: 'broken' },
      completedSteps: ['sender', 'bogus', 'carrier', 'sender'],
      cart: { ...savedState().cart, items: [savedState().cart.items[0], { cartId: 'c2', quote: 'nope' }], payer: 'x' },
    };
    const restored = restorePersistedState(JSON.stringify({ version: '1.0.11', savedAt: NOW, state }), NOW);
    expect(restored.selectedQuote).toBeNull();
    expect(restored.completedSteps).toEqual(['carrier', 'sender']);
    expect(restored.cart.items.map((item) => item.cartId)).toEqual(['c1']);
    expect(restored.cart.payer).toBeNull();
    expect(restored.cart.orderToken).toBe('ord-1');
  });

  it('migrates a 1.0.0 state all the way', () => {
    const old = {
      draft: { sender: 'CZ', recipient: 'SK', saveSenderAddress: 1, services: { cod: { active: false, code: 'cod', data: { bankAccount: {} } } } },
      selectedQuote: { ...sampleQuote(), carrier: null },
      collectionPoint: sampleParcelPoint(),
      cart: {
        items: [
          { cartId: 'new', shipment: emptyDraft('cz'), quote: sampleQuote(), collectionPoint: null, deliveryPoint: null },
          { cartId: 'old', shipment: emptyDraft('cz'), quote: sampleQuote(), collectionPoint: null, deliveryPoint: null },
        ],
        payer: { type: 'account', id: 9 },
      },
    };
    const restored = restorePersistedState(JSON.stringify({ version: '1.0.0', savedAt: NOW, state: old }), NOW);
    expect(restored.draft?.sender.country).toBe('cz');
    expect(restored.draft?.recipient.country).toBe('sk');
    expect(restored.draft?.saveSenderAddress).toBe(true);
    expect(restored.draft?.services.hdf).toEqual({ active: false, code: 'hdf', data: {} });
    expect(restored.draft?.content).toHaveLength(1);
    expect(restored.selectedQuote).toBeNull();
    expect(restored.collectionPoint).toBeNull();
    expect(restored.cart.items.map((item) => item.cartId)).toEqual(['old', 'new']);
    expect(restored.cart.payer).toEqual({ type: 'account', id: null });
  });

  it('treats an envelope without a version as 1.0.0', () => {
    const raw = JSON.stringify({ savedAt: NOW, state: { draft: {} } });
    expect(restorePersistedState(raw, NOW).draft).toBeNull();
  });
});

describe('cookie copy', () => {
  it('holds only has_contract, placeholders, quote attributes, completed steps and the order token', () => {
    const cookie = toStateCookie(savedState());
    expect(cookie).toEqual({
      has_contract: true,
      placeholders: { from: { country: 'cz', zip: '10000', city: 'Praha' }, to: { country: 'cz', zip: '60200', city: 'Brno' } },
      quote_attributes: sampleQuote().attributes,
      completed_steps: ['carrier', 'sender'],
      order_token: 'ord-1',
    });
    expect(toStateCookie(defaultPersistedState()).placeholders).toBeNull();
  });

  it('keeps typed locations over placeholders', () => {
    const state = savedState();
    state.draft!.sender = { ...state.draft!.sender, zip: '60200', city: 'Brno' };
    expect(toStateCookie(state).placeholders?.from).toEqual({ country: 'cz', zip: '60200', city: 'Brno' });
  });

  it('is written with path /, 60 days and SameSite=Lax, and read back by the server', () => {
    const cookie = serializeStateCookie(toStateCookie(savedState()), { secure: true });
    const [pair, ...attributes] = cookie.split('; ');
    expect(attributes).toEqual(['Path=/', `Max-Age=${60 * 24 * 60 * 60}`, 'SameSite=Lax', 'Secure']);
    const [name, value] = pair.split('=');
    expect(name).toBe(STATE_COOKIE_NAME);
    expect(name).toBe('zslt_state');
    expect(parseStateCookie(value)).toEqual(toStateCookie(savedState()));
    expect(serializeStateCookie(toStateCookie(savedState()), { secure: false })).not.toContain('Secure');
  });

  it('reads an unreadable cookie as null', () => {
    for (const raw of [undefined, '', '%E0%A4%A', 'not-json', encodeURIComponent('{"has_contract":"yes"}')]) {
      expect(parseStateCookie(raw)).toBeNull();
    }
  });
});

describe('storage adapter', () => {
  const environment = () => {
    const items = new Map<string, string>();
    const cookies: string[] = [];
    let now = NOW;
    return {
      items,
      cookies,
      tick: (ms: number) => (now += ms),
      env: {
        localStorage: () => ({
          getItem: (key: string) => items.get(key) ?? null,
          setItem: (key: string, value: string) => void items.set(key, value),
          removeItem: (key: string) => void items.delete(key),
        }),
        writeCookie: (cookie: string) => void cookies.push(cookie),
        secure: () => false,
        now: () => now,
      },
    };
  };

  it('writes the envelope under one key and the cookie copy', () => {
    const { items, cookies, env } = environment();
    const storage = createPersistedStorage(env);
    storage.setItem(STORAGE_KEY, savedState());
    expect([...items.keys()]).toEqual([STORAGE_KEY]);
    expect(JSON.parse(items.get(STORAGE_KEY)!)).toMatchObject({ version: '1.0.11', savedAt: NOW });
    expect(cookies).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEY, defaultPersistedState())).toEqual(savedState());
  });

  it('gives the initial value when nothing is stored or the state expired', () => {
    const { env, tick } = environment();
    const storage = createPersistedStorage(env);
    const initial = defaultPersistedState();
    expect(storage.getItem(STORAGE_KEY, initial)).toBe(initial);
    storage.setItem(STORAGE_KEY, savedState());
    tick(61 * DAY);
    expect(storage.getItem(STORAGE_KEY, initial)).toEqual(defaultPersistedState());
  });

  it('survives a storage that throws', () => {
    const storage = createPersistedStorage({
      localStorage: () => {
        throw new Error('SecurityError');
      },
      writeCookie: () => {
        throw new Error('no document');
      },
      secure: () => false,
      now: () => NOW,
    });
    expect(() => storage.setItem(STORAGE_KEY, savedState())).not.toThrow();
    expect(storage.getItem(STORAGE_KEY, defaultPersistedState())).toEqual(defaultPersistedState());
  });

  it('passes updates from other tabs through the same validation', () => {
    const { env } = environment();
    let listener: ((event: { key: string | null; newValue: string | null }) => void) | undefined;
    const storage = createPersistedStorage({ ...env, onStorage: (l) => ((listener = l), () => {}) });
    const received: PersistedState[] = [];
    storage.subscribe(STORAGE_KEY, (state) => received.push(state), defaultPersistedState());
    listener!({ key: 'other', newValue: 'x' });
    listener!({ key: STORAGE_KEY, newValue: serializePersistedState(savedState(), NOW) });
    listener!({ key: STORAGE_KEY, newValue: 'garbage' });
    expect(received).toEqual([savedState(), defaultPersistedState()]);
  });
});
