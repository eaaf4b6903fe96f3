import type { FunctionComponent, ReactNode } from 'react';
import { createPages } from 'waku/router/server';
import { layouts, loadProfile, requireSignedIn } from './components/layout/layouts';
import { newClientSectionTarget, isOldClientRoute, prefersNewClientSection } from './lib/client-section';
import { MANAGER_APP_URL } from './lib/manager-app';
import { unstable_redirect as redirect } from 'waku/router/server';
import { Root } from './components/layout/root';
import { loadedPage, loadPage, NotFoundPage } from './pages';
import { requestInfo } from './request';
import { href, LOCALES, paramNames, patternOf, routeIds, routes, type LayoutGroup, type Locale, type RouteId } from './routes';

// createPage only types string literals; paths built in a loop are `string`
type LoosePage = { render: 'dynamic'; path: string; component: FunctionComponent<any> };

/** a slug as the page reads it; one that is not valid percent-encoding stays as it came (the page finds nothing under it) */
const decodeSlug = (slug: string) => {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
};

const hasPath = (id: (typeof routeIds)[number], locale: (typeof LOCALES)[number]) => locale !== 'sk' || 'sk' in routes[id];

/**
 * The language a page renders in: /en and /cenniky paths speak theirs; root paths the one the
 * edge decided for the request (cs, sk or es: cookie, browser, territory — src/edge/locale.ts).
 */
const languageOf = (pathLocale: Locale): Locale => {
  if (pathLocale !== 'cs') return pathLocale;
  const decided = requestInfo().locale;
  return decided === 'sk' || decided === 'es' ? decided : 'cs';
};

export default createPages(async ({ createPage, createLayout, createRoot }) => {
  const addPage = createPage as unknown as (page: LoosePage) => void;
  createRoot({ render: 'dynamic', component: Root });

  // one layout per (group, locale) in invisible path groups: "/(default-cs)", "/(client-en)" …
  for (const locale of LOCALES) {
    for (const group of Object.keys(layouts) as LayoutGroup[]) {
      const Layout = layouts[group];
      createLayout({ render: 'dynamic', path: `/(${group}-${locale})`, component: ({ children }: { children: ReactNode }) => <Layout locale={languageOf(locale)}>{children}</Layout> });
    }
  }

  // literal paths first: Waku orders by length, then by registration (/ceniky/evropa before /ceniky/[slug])
  const entries = LOCALES.flatMap((locale) => routeIds.filter((id) => hasPath(id, locale)).map((id) => ({ id, locale, pattern: patternOf(id, locale) })));
  entries.sort((a, b) => Number(a.pattern.includes('[')) - Number(b.pattern.includes('[')));

  for (const { id, locale, pattern } of entries) {
    const names = paramNames(pattern);
    const layout = routes[id].layout;
    addPage({
      render: 'dynamic',
      path: `/(${layout}-${locale})${pattern === '/' ? '' : pattern}`,
      // Waku passes slugs as top-level props (still URI-encoded)
      component: async (props: Record<string, string>) => {
        // layout and page render in parallel during client navigation: guard the page too
        if (layout === 'client') {
          requireSignedIn(locale);
          if (isOldClientRoute(id)) await redirectToNewClientSection(id, locale);
        }
        // a loaded page module is taken as it is: no await, so a page's own data calls start in this same turn
        const Page = loadedPage(id) ?? (await loadPage(id));
        return <Page id={id} locale={languageOf(locale)} query={props.query ?? ''} params={Object.fromEntries(names.map((n) => [n, decodeSlug(props[n]!)]))} />;
      },
    });
  }

  createLayout({ render: 'dynamic', path: '/(notfound)', component: NotFoundLayout });
  addPage({ render: 'dynamic', path: '/(notfound)/404', component: NotFoundPage });
  return [];
});

const NotFoundLayout = ({ children }: { children: ReactNode }) => {
  const Layout = layouts.default;
  return <Layout locale={requestInfo().locale}>{children}</Layout>;
};

/**
 * §2.8 for client navigation: the edge redirects page loads of old client pages; an RSC
 * request made by a link inside the app is redirected here, with the same rule.
 */
async function redirectToNewClientSection(id: RouteId, locale: Locale) {
  const target = newClientSectionTarget(id);
  if (!target) return;
  // the profile memory the edge clears on every profile or settings write
  if (!prefersNewClientSection(await loadProfile())) return;
  redirect(target.kind === 'external' ? `${MANAGER_APP_URL}${target.path}` : href(target.id as 'klient-v2-prehled', locale === 'en' ? 'en' : 'cs'), 307);
}
