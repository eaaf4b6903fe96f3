import { href, paramNames, routes, type PageLocale, type RouteId } from '../../routes';

/** pages a signed-in user is not sent back to */
const NO_RETURN: readonly RouteId[] = ['login', 'login-token', 'register', 'forgotten-password', 'set-password', 'account-disabled', 'klient-odhlaseni'];

const isRouteId = (name: string): name is RouteId => Object.hasOwn(routes, name);

/**
 * Spec §2.2: the login route gets the originating route's name in `from`. Only a route
 * without parameters can be rebuilt from its name; anything else returns home.
 */
export function returnPath(from: string | null | undefined, locale: PageLocale): string {
  if (from && isRouteId(from) && !NO_RETURN.includes(from) && paramNames(routes[from].cs).length === 0) return href(from as 'home', locale);
  return href('home', locale);
}

/** `from` of a page's query string */
export const fromOfQuery = (query: string): string | null => new URLSearchParams(query).get('from');
