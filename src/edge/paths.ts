/** Shapes of request paths the edge settles before routing. Pure: strings in, answers out. */

/**
 * Percent-encoding that cannot be decoded (`%ZZ`, a cut or overlong UTF-8 sequence), or that
 * decodes to such (`%25E0`): Waku 0.27.5 runs decodeURI on the path twice (on the request,
 * then on the route) and throws on either.
 */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURI(decodeURI(pathname));
    return false;
  } catch {
    return true;
  }
}

/** `/api/...` in another case (`/API/v1`, `/Api/`): not an API path, but meant as one */
export const isMiscasedApiPath = (pathname: string) => /^\/api(\/|$)/i.test(pathname) && !/^\/api(\/|$)/.test(pathname);

/** a path with one or more trailing slashes, other than the root */
export const hasTrailingSlash = (pathname: string) => pathname.length > 1 && pathname.endsWith('/');

/** `/kontakt//` → `/kontakt`; leading slashes collapse to one so the result is never `//host` */
export const withoutTrailingSlash = (pathname: string) => `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;

/** Waku's server-function calls: the product has none (pages call /api), so every one is unknown */
export const isServerFunctionPath = (pathname: string) => pathname.startsWith('/RSC/F/');
