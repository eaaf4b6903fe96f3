'use client';
import { useEffect } from 'react';
import { useRouter } from 'waku';
import { CHUNK_RELOAD_MARK, isChunkLoadError, reloadOnce } from '../../state/reload-once';
import type { ConnectionTexts } from '../../state/app-start';

// once per page load, outside React: a failed navigation replaces the layout with the router's
// error, and the listeners must still reload the page
let started = false;
/** a client navigation started and has not completed (it failed when the connection dropped) */
let navigating = false;
let failedOffline = false;
const appStart = () => import('../../state/app-start');

function startApp(texts: ConnectionTexts) {
  if (started) return;
  started = true;
  // spec §4, §8: a chunk that fails to load (a tab open across a deploy) reloads the page, at most
  // once a minute; offline, it waits for the connection (state/app-start.ts)
  const onChunkError = (reason: unknown) => {
    if (!isChunkLoadError(reason)) return;
    if (navigator.onLine) reloadOnce(CHUNK_RELOAD_MARK);
    else failedOffline = true;
  };
  window.addEventListener('vite:preloadError', (e) => onChunkError((e as Event & { payload?: unknown }).payload));
  window.addEventListener('unhandledrejection', (e) => onChunkError(e.reason));
  void appStart().then((m) => m.started(texts, () => navigating || failedOffline));
}

/**
 * What the app does at start and around navigations (spec §3, §4, §7): reloading on a chunk
 * that failed to load and, loaded after the page, the offline notice, the handshake with the
 * anonymous id and the `pageLoad` and `navigation` events (state/app-start.ts).
 */
export function AppWatch({ texts }: { texts: ConnectionTexts }) {
  const { unstable_events: events } = useRouter();

  useEffect(() => {
    // <html data-hydrated="true">: client components answer events now (tests wait for it)
    document.documentElement.dataset.hydrated = 'true';
    startApp(texts);
  }, [texts]);

  useEffect(() => {
    const onStart = () => {
      navigating = true;
    };
    const onComplete = (route: { path: string; query: string }) => {
      navigating = false;
      void appStart().then((m) => m.navigated(route.path + (route.query ? `?${route.query}` : '')));
    };
    events.on('start', onStart);
    events.on('complete', onComplete);
    return () => {
      events.off('start', onStart);
      events.off('complete', onComplete);
    };
  }, [events]);

  return null;
}
