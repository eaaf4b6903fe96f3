import { apiPost } from '../api/client';
import { navigationEvent, pageLoadEvent, pushAnalytics } from './analytics';
import { ensureAnonymousId, sendHandshake } from './anonymous-id';

/**
 * The app's start, loaded by the layout's AppWatch once the page runs (no page carries it up
 * front): the handshake with the anonymous id (spec §7), the `pageLoad` event (§3) and the
 * offline notice (§4).
 */
export type ConnectionTexts = { offline: string; online: string };

const ONLINE_NOTICE_MS = 3000;
const NOTICE_ID = 'connection-notice';
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** spec §4: the app reports online/offline state (a plain element, so it outlives a failed navigation) */
function showConnection(texts: ConnectionTexts, online: boolean) {
  clearTimeout(hideTimer);
  let notice = document.getElementById(NOTICE_ID);
  if (online && !notice) return;
  if (!notice) {
    notice = document.createElement('div');
    notice.id = NOTICE_ID;
    notice.setAttribute('role', 'status');
    notice.setAttribute('data-testid', NOTICE_ID);
    document.body.appendChild(notice);
  }
  notice.dataset.state = online ? 'online' : 'offline';
  notice.textContent = online ? texts.online : texts.offline;
  if (online) hideTimer = setTimeout(() => notice.remove(), ONLINE_NOTICE_MS);
}

/** `mustReload`: a navigation or a chunk failed while offline; back online, the page loads again */
let from = '';

export function started(texts: ConnectionTexts, mustReload: () => boolean) {
  from = location.pathname + location.search;
  window.addEventListener('offline', () => showConnection(texts, false));
  window.addEventListener('online', () => (mustReload() ? window.location.reload() : showConnection(texts, true)));
  if (!navigator.onLine) showConnection(texts, false);

  let session: Storage | null = null;
  try {
    session = window.sessionStorage;
  } catch {
    // blocked: the handshake goes with every page load
  }
  sendHandshake({ url: location.href, referrer: document.referrer, userAgent: navigator.userAgent }, { anonymousId: ensureAnonymousId, post: (path, body) => apiPost(path, body), session });
  pushAnalytics(pageLoadEvent(location, document.documentElement.lang, document.referrer));
}

/** a client navigation finished (§3 `navigation`; a redirect's second completion is not another) */
export function navigated(path: string) {
  if (path === from) return;
  pushAnalytics(navigationEvent(path, from));
  from = path;
}
