import { STATE_COOKIE_NAME } from '../lib/state-cookie-name';
import { storedCartCount, storedStateOf } from './cart-count';
import { STORAGE_KEY } from './storage-key';

/**
 * What signing out does to the browser's state (spec §4): it asks first when a draft or a
 * cart item would be lost, then resets the configurator and the cart.
 */

/** a configurator draft or a cart item is stored */
export function hasUnsavedWork(raw: string | null, now: number): boolean {
  return Boolean(storedStateOf(raw, now)?.draft) || storedCartCount(raw, now) > 0;
}

export function readUnsavedWork(): boolean {
  try {
    return hasUnsavedWork(localStorage.getItem(STORAGE_KEY), Date.now());
  } catch {
    return false;
  }
}

/** forgets the configurator and cart state, its cookie copy included; the next page load starts empty */
export function clearStoredState(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage may be blocked: then nothing was stored either
  }
  document.cookie = `${STATE_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
}
