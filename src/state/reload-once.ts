/**
 * A full page load at most once a minute per tab and reason (spec §4: chunk load errors; the
 * session cookie watch): the time of the last one is kept in sessionStorage, so a page that
 * fails again after its reload cannot loop.
 */
export const RELOAD_PAUSE_MS = 60_000;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** true when a reload for `mark` may happen now (and records it) */
export function claimReload(mark: string, now: number, store: Store | null): boolean {
  if (!store) return true;
  try {
    const last = Number(store.getItem(mark));
    if (now - last < RELOAD_PAUSE_MS) return false;
    store.setItem(mark, String(now));
  } catch {
    // without sessionStorage, reload anyway
  }
  return true;
}

const sessionStore = (): Store | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** reloads the page unless it was reloaded for `mark` within the last minute; true when it reloads */
export function reloadOnce(mark: string): boolean {
  if (!claimReload(mark, Date.now(), sessionStore())) return false;
  window.location.reload();
  return true;
}

/** a script chunk that could not be loaded (a tab open across a deploy, the assets unreachable), as browsers and Vite word it */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (reason: unknown) => CHUNK_ERROR.test(String((reason as Error | null)?.message ?? reason));

export const CHUNK_RELOAD_MARK = 'zslt_chunk_reload';
