/**
 * Cookie auth of spec §4 in the browser. The edge keeps the API key in an HttpOnly cookie
 * and mirrors a fingerprint of it in a readable one; a page knows the fingerprint it was
 * rendered with. Another tab signing out or in (or the cookie expiring) changes the cookie
 * under this page.
 */

/** readable cookie: a fingerprint of the signed-in key, never the key */
export const SESSION_COOKIE = 'zslt_session';

/**
 * - keep: the page still shows the right user (or nobody, for nobody);
 * - logout: the cookie is gone, the user is signed out;
 * - switch: another key (or a first one) is in the cookie: sign out and in with it.
 */
export type CookieAuthAction = 'keep' | 'logout' | 'switch';

export function cookieAuthAction(rendered: string | null, cookie: string | null): CookieAuthAction {
  if (rendered === cookie) return 'keep';
  return cookie === null ? 'logout' : 'switch';
}

/** a cookie's value in a `document.cookie` string; null when absent or empty */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return value || null;
    }
  }
  return null;
}
