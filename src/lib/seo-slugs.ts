import type { RouteId } from '../routes';
import type { SlugTranslator } from './seo';

/** routes whose slug is itself translated: how to name the same page in another language */
export const SEO_SLUGS: Partial<Record<RouteId, SlugTranslator>> = {};

type PageWithParams = { id: RouteId; params: Record<string, string> };
type ListLoader = <T>(path: `/${string}`) => Promise<T | null>;

/** the pages with parameters the sitemap lists: country price pages, FAQ categories, news, careers */
export async function sitemapParams(load: ListLoader): Promise<PageWithParams[]> {
  void load;
  return [];
}
