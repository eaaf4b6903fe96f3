/**
 * The navbar dropdowns' panels, one step removed: the login and tracking dropdowns (on every
 * page, in the layout's chunk) import this small module when the visitor first points at or
 * focuses them, and it loads the panel. The layout's chunk then carries one import and not the
 * list of every file the panels are made of (the login form alone has seventeen).
 */

/** the sign-in form, its schema, the social buttons */
export const loadLoginPanel = () => import('../account/login-panel');

/** the route the page is on (the route table is not on every page): where a sign-in returns to */
export const routeIdOfPage = () => import('../../routes').then((routes) => routes.matchRoute(window.location.pathname)?.id ?? null);

/** the tracking number form with its rules and the API client */
export const loadTrackingPanel = () => import('./tracking-panel');
