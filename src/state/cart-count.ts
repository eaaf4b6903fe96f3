import { NEVER_EXPIRES, STATE_LIFETIME_MS, STORAGE_KEY } from './storage-key';

/**
 * The number of cart items in the stored state, read without the state's schemas and
 * migrations: the navbar shows it on every page, and those cost more client JavaScript
 * than the whole count is worth. Anything unreadable or expired counts as an empty cart.
 */
export function storedCartCount(raw: string | null, now: number): number {
  if (!raw) return 0;
  try {
    const envelope = JSON.parse(raw) as { savedAt?: unknown; state?: { cart?: { items?: unknown } } };
    const savedAt = typeof envelope.savedAt === 'number' ? envelope.savedAt : null;
    if (savedAt === null || (savedAt !== NEVER_EXPIRES && now - savedAt >= STATE_LIFETIME_MS)) return 0;
    const items = envelope.state?.cart?.items;
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

export function readCartCount(): number {
  try {
    return storedCartCount(localStorage.getItem(STORAGE_KEY), Date.now());
  } catch {
    return 0;
  }
}
