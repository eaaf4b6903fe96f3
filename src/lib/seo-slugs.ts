import { countrySlug, PRICE_LIST_COUNTRY_CODES, translateCountrySlug } from './country-slugs';
import type { RouteId } from '../routes';
import type { SlugTranslator } from './seo';

/** routes whose slug is itself translated: how to name the same page in another language */
export const SEO_SLUGS: Partial<Record<RouteId, SlugTranslator>> = {
  'price-list-country': (locale, { slug }) => {
    const translated = slug ? translateCountrySlug(slug, locale) : null;
    return translated ? { slug: translated } : null;
  },
};

type PageWithParams = { id: RouteId; params: Record<string, string> };
type ListLoader = <T>(path: `/${string}`) => Promise<T | null>;

/** every country price page, both directions (named by their Czech slug; SEO_SLUGS gives the others) */
export const countryPages = (): PageWithParams[] =>
  PRICE_LIST_COUNTRY_CODES.flatMap((code) => (['to', 'from'] as const).map((direction) => ({ id: 'price-list-country' as const, params: { slug: countrySlug(code, direction, 'cs') } })));

/** the pages with parameters the sitemap lists: country price pages, FAQ categories, news, careers */
export async function sitemapParams(load: ListLoader): Promise<PageWithParams[]> {
  const [faq, careers, news] = await Promise.all([
    load<{ categories: { id: number | string }[] }>('/v1/page/faq'),
    load<{ id: number | string }[]>('/v1/page/careers'),
    allNews(load),
  ]);
  return [
    ...countryPages(),
    ...(faq?.categories ?? []).map((c) => ({ id: 'faq-category' as const, params: { id: String(c.id) } })),
    ...news.map((token) => ({ id: 'news-detail' as const, params: { token } })),
    ...(careers ?? []).map((c) => ({ id: 'career-detail' as const, params: { id: String(c.id) } })),
  ];
}

/** every article's token, page by page (at most 50 pages) */
async function allNews(load: ListLoader): Promise<string[]> {
  const tokens: string[] = [];
  for (let page = 1; page <= 50; page++) {
    const list = await load<{ items: { token: string }[]; pages: number }>(`/v1/page/news?page=${page}`);
    tokens.push(...(list?.items ?? []).map((n) => n.token));
    if (!list || page >= list.pages) break;
  }
  return tokens;
}
