import { getContext } from 'hono/context-storage';
import { unstable_getContextData as getContextData } from 'waku/server';
import type { Env, RequestInfo } from './edge/env';

/** request-scoped values the edge middleware hands to server components */
export type RequestData = {
  info?: RequestInfo;
  path?: string;
  cookies?: Record<string, string>;
  cspNonce?: string;
  status?: number;
  /** the in-process GETs started for this request's page before its render, by API path (src/api/server.ts prefetchGet) */
  prefetched?: Map<string, Promise<unknown>>;
};
export const requestData = () => getContextData() as RequestData;

export const requestInfo = (): RequestInfo =>
  requestData().info ?? { locale: 'cs', territory: 'cz', apiKey: null, session: null, anonymousId: null };

/** the Hono context of the current request (bindings, execution context) */
export const honoContext = () => getContext<Env>();

/**
 * A page that renders the not-found content for a missing or foreign id (an order token, an
 * address of someone else) marks the response 404: the edge's request-data middleware sets
 * the status once the page's first bytes exist (Waku's own notFound() ends in the error
 * screen on a full page load).
 */
export function markNotFound() {
  // (only the routes of NOT_FOUND_ROUTES are watched for it: the others stream untouched)
  requestData().status = 404;
}

/** the routes whose pages may render the not-found content (for a missing or foreign id in the URL) */
export const NOT_FOUND_ROUTES: ReadonlySet<string> = new Set([
  'order',
  'order-done',
  'invoice',
  'claim-detail',
  'klient-adresar-upravit',
  'klient-adresar-smazat',
  'klient-v2-zasilka',
  // content with an id or slug in the URL (issue 13)
  'price-list-country',
  'price-list-route',
  'price-list-route-carrier',
  'faq-category',
  'news-detail',
  'career-detail',
]);
