import { NEVER_EXPIRES, STATE_LIFETIME_MS, STORAGE_KEY } from './storage-key';

/**
 * Reads of the stored state without its schemas and migrations: the navbar shows the cart
 * count and the user menu asks about unsaved work on every page, and those schemas cost
 * more client JavaScript than these answers are worth. Anything unreadable or expired
 * counts as nothing stored.
 */

type StoredState = { draft?: unknown; cart?: { items?: unknown } };

/** the state inside a stored envelope, if it is readable and within its lifetime */
export function storedStateOf(raw: string | null, now: number): StoredState | null {
  if (!raw) return null;
  try {
    const envelope = JSON.parse(raw) as { savedAt?: unknown; state?: unknown };
    const savedAt = typeof envelope.savedAt === 'number' ? envelope.savedAt : null;
    if (savedAt === null || (savedAt !== NEVER_EXPIRES && now - savedAt >= STATE_LIFETIME_MS)) return null;
    return typeof envelope.state === 'object' && envelope.state !== null ? (envelope.state as StoredState) : null;
  } catch {
    return null;
  }
}

export function storedCartCount(raw: string | null, now: number): number {
  const items = storedStateOf(raw, now)?.cart?.items;
  return Array.isArray(items) ? items.length : 0;
}

export function readCartCount(): number {
  try {
    return storedCartCount(localStorage.getItem(STORAGE_KEY), Date.now());
  } catch {
    return 0;
  }
}

/** whether this browser holds a readable, unexpired state (a draft, a cart) to restore */
export function readHasStoredState(): boolean {
  try {
    return storedStateOf(localStorage.getItem(STORAGE_KEY), Date.now()) != null;
  } catch {
    return false;
  }
}
