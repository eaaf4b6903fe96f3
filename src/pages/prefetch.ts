import { prefetchGet } from '../api/server';
import { trackingApiPath } from '../components/tracking/load';
import type { Match } from '../routes';

/**
 * The GET a page's render waits on first, started as the request comes in (src/server-entry.tsx): it runs while
 * the router and the layouts render, and the page's own call of the same path takes its answer (src/api/server.ts).
 * Only pages whose first data call is certain from the URL (and the sign-in) alone.
 */
export function prefetchPageData(route: Match, signedIn: boolean): void {
  switch (route.id) {
    case 'klient-v2-prehled':
    case 'klient-prehled':
      // the client layout sends a visitor without a key to the login page: nothing to start
      if (signedIn) prefetchGet('/v1/client/overview');
      return;
    case 'tracking-result':
      if (route.params.id) prefetchGet(trackingApiPath(route.params.id));
      return;
    case 'tracking-result-token':
      if (route.params.id) prefetchGet(trackingApiPath(route.params.id, route.params.token));
      return;
  }
}
