import { serializeStateCookie } from '../lib/state-cookie';
import {
  defaultPersistedState,
  restorePersistedState,
  serializePersistedState,
  toStateCookie,
  type PersistedState,
} from './persisted-state';
import { STATE_WRITTEN_EVENT } from './storage-key';

/**
 * jotai storage for the persisted configurator state: localStorage with the versioned
 * envelope, plus the cookie copy on every write. Storage that throws (private mode, quota,
 * no window on the server) is ignored: the state then simply lives in memory.
 */

type Environment = {
  localStorage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  writeCookie: (cookie: string) => void;
  secure: () => boolean;
  now: () => number;
  /** tells this tab's light readers (the navbar cart count) that the state changed */
  notifyWritten?: () => void;
  /** cross-tab updates; returns the unsubscribe function */
  onStorage?: (listener: (event: { key: string | null; newValue: string | null }) => void) => () => void;
};

export const browserEnvironment: Environment = {
  localStorage: () => (typeof window === 'undefined' ? null : window.localStorage),
  writeCookie: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
  secure: () => typeof location !== 'undefined' && location.protocol === 'https:',
  notifyWritten: () => {
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(STATE_WRITTEN_EVENT));
  },
  now: () => Date.now(),
  onStorage: (listener) => {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** The shape of jotai's SyncStorage (the package does not export the type). */
export type PersistedStorage = {
  getItem: (key: string, initialValue: PersistedState) => PersistedState;
  setItem: (key: string, state: PersistedState) => void;
  removeItem: (key: string) => void;
  subscribe: (key: string, callback: (state: PersistedState) => void, initialValue: PersistedState) => (() => void) | undefined;
};

export function createPersistedStorage(env: Environment = browserEnvironment): PersistedStorage {
  return {
    getItem: (key, initialValue) => {
      const raw = attempt(() => env.localStorage()?.getItem(key) ?? null, null);
      return raw === null ? initialValue : restorePersistedState(raw, env.now());
    },
    setItem: (key, state) => {
      attempt(() => env.localStorage()?.setItem(key, serializePersistedState(state, env.now())), undefined);
      attempt(() => env.writeCookie(serializeStateCookie(toStateCookie(state), { secure: env.secure() })), undefined);
      attempt(() => env.notifyWritten?.(), undefined);
    },
    removeItem: (key) => {
      attempt(() => env.localStorage()?.removeItem(key), undefined);
      attempt(
        () => env.writeCookie(serializeStateCookie(toStateCookie(defaultPersistedState()), { secure: env.secure() })),
        undefined,
      );
    },
    subscribe: (key, callback, initialValue) =>
      env.onStorage?.((event) => {
        if (event.key === key) callback(event.newValue === null ? initialValue : restorePersistedState(event.newValue, env.now()));
      }),
  };
}
