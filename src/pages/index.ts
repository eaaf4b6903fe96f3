import { routeIds, type RouteId } from '../routes';
import { HomePage } from './home';
import { InfoPage } from './info-page';
import type { PageComponent } from './types';

/** route id → page component; routes without their own page yet show InfoPage */
const own: Partial<{ [Id in RouteId]: PageComponent<Id> }> = {
  home: HomePage,
};

export const pages = Object.fromEntries(routeIds.map((id) => [id, own[id] ?? InfoPage])) as { [Id in RouteId]: PageComponent<Id> };
export { NotFoundPage } from './not-found';
