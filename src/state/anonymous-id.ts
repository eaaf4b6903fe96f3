import { readCookie } from '../lib/cookie-auth';
import { ANONYMOUS_ID_COOKIE } from '../lib/customs-invoice';

/**
 * The browser's anonymous id (spec §3 settings, §6): random, generated once and kept in a
 * cookie, which the edge forwards to the API (the owner of a signed-out browser's uploads).
 */
export function ensureAnonymousId(doc: { cookie: string } = document, secure = location.protocol === 'https:'): string {
  const known = readCookie(doc.cookie, ANONYMOUS_ID_COOKIE);
  if (known) return known;
  const id = crypto.randomUUID();
  doc.cookie = `${ANONYMOUS_ID_COOKIE}=${id}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax${secure ? '; secure' : ''}`;
  return id;
}

export const HANDSHAKE_PATH = '/v1/app/handshake';
const HANDSHAKE_MARK = 'zslt_handshake';

export type Handshake = { url: string; referrer: string; userAgent: string; anonymousId: string };

/**
 * The handshake of spec §7 (POST v1/app/handshake: url, referrer, userAgent, anonymousId), sent
 * when the app starts: once per tab session, as a single-page app starts once per tab (a page of
 * ours is a full load). False when this session already sent it.
 */
export function sendHandshake(
  page: Omit<Handshake, 'anonymousId'>,
  deps: { anonymousId: () => string; post: (path: string, body: Handshake) => Promise<unknown>; session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null },
): boolean {
  try {
    if (deps.session?.getItem(HANDSHAKE_MARK)) return false;
    deps.session?.setItem(HANDSHAKE_MARK, '1');
  } catch {
    // storage blocked: send it anyway
  }
  // not delivered (offline): the next page load tries again
  void deps.post(HANDSHAKE_PATH, { ...page, anonymousId: deps.anonymousId() }).catch(() => {
    try {
      deps.session?.removeItem(HANDSHAKE_MARK);
    } catch {
      // nothing to undo
    }
  });
  return true;
}
