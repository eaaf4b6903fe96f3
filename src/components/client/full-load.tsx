'use client';
import { useEffect } from 'react';
import { useRouter } from 'waku';
import { leavingNeedsFullLoad } from '../../lib/client-section';
import { matchRoute } from '../../routes';

const PREVIOUS = 'zslt_previous_route';
const CURRENT = 'zslt_current_route';

/**
 * Spec §2.8 full-load rule, in the client section's layout: a click from an old client page
 * to a page outside the client section loads that page in full (not a client navigation),
 * unless the page before this one was a v2 page. The route history lives in sessionStorage.
 */
export function FullLoadOnLeave() {
  const { path } = useRouter();
  useEffect(() => {
    const id = matchRoute(path)?.id ?? null;
    const last = sessionStorage.getItem(CURRENT);
    if (id && id !== last) {
      if (last) sessionStorage.setItem(PREVIOUS, last);
      sessionStorage.setItem(CURRENT, id);
    }
  }, [path]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target || link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return;
      const current = matchRoute(location.pathname)?.id;
      if (!current) return;
      const target = matchRoute(url.pathname)?.id ?? null;
      if (!leavingNeedsFullLoad(current, target, sessionStorage.getItem(PREVIOUS))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      location.assign(url.href);
    };
    // capture: before the router's own link handler
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
