import type { ReactNode } from 'react';
import { unstable_redirect as redirect } from 'waku/router/server';
import { apiCall } from '../../api/server';
import { pickMessages, translator, type Translate } from '../../i18n';
import { requestData, requestInfo, honoContext } from '../../request';
import { href, matchRoute, type LayoutGroup, type Locale, type PageLocale, type RouteId } from '../../routes';
import { MessagesProvider } from '../i18n/client';
import { AppErrorBoundary } from './error-boundary';
import { AppWatch } from './app-watch';
import { Footer } from './footer';
import { HeaderBar } from './header-bar';
import { LoadingBar } from './loading-bar';
import { Navbar } from './navbar';
import { SessionWatch } from './session-watch';
import { SupportChat } from './support-chat';
import type { BasicProfile } from '../../lib/types/user';
import { forgetProfile, recallProfile, rememberProfile } from '../../profile-memory';

type LayoutProps = { locale: Locale; children: ReactNode };

/** prefixes of the messages client islands of the layouts use */
const ISLAND_MESSAGES = ['nav.', 'tracking.', 'login.', 'territory.', 'headerBar.', 'modal.', 'user.', 'validation.', 'error.', 'quote.', 'cart.'];
/**
 * The messages each layout's islands get with every page (a page adds the texts of its own
 * islands with a provider of its own). Every message is in the page's RSC payload and again in
 * its HTML, so a layout sends only what its pages use:
 * - `site`: the navbar's dropdowns, the quote form, the cart, the forms of the information pages;
 * - `configurator`: the same and the configurator's forms (8–9 KB of texts of their own);
 * - `client`: the client section is for signed-in users (no login dropdown, no quote form, no
 *   cart); its address book adds the configurator's address-form texts itself.
 */
const LAYOUT_MESSAGES = {
  site: ISLAND_MESSAGES,
  configurator: [...ISLAND_MESSAGES, 'configurator.'],
  client: ['nav.', 'tracking.', 'login.tokenInvalid', 'territory.', 'headerBar.', 'modal.', 'user.', 'validation.', 'error.'],
} as const;

/**
 * The language of a page's links: English pages link to /en paths, every other page (Czech, and
 * the Slovak and Spanish ones, which root paths and /cenniky speak) to the root paths, which
 * speak the visitor's language again (src/edge/locale.ts pageLocale).
 */
export const linkLocale = (locale: Locale): PageLocale => (locale === 'en' || locale === 'sk' ? locale : 'cs');

/** the signed-in user, or null: spec §4 authenticated means a key and its profile */
export async function loadProfile(): Promise<BasicProfile | null> {
  const key = requestInfo().apiKey;
  if (!key) return null;
  const remembered = recallProfile(key);
  if (remembered) return remembered;
  const res = await apiCall<BasicProfile>('GET', '/v1/user/profile?basic=1').catch(() => null);
  if (!res?.ok) {
    forgetProfile(key);
    return null;
  }
  rememberProfile(key, res.data);
  return res.data;
}

export function buildString() {
  const env = honoContext().env;
  return `${requestInfo().territory}/${env.ENVIRONMENT ?? 'local'}/${env.BUILD_VERSION ?? 'dev'}`;
}

export function Frame({ locale, t, children, messages = 'site' }: { locale: Locale; t: Translate; children: ReactNode; messages?: keyof typeof LAYOUT_MESSAGES }) {
  const l = linkLocale(locale);
  return (
    <MessagesProvider messages={{ ...pickMessages(locale, LAYOUT_MESSAGES[messages]), 'locale.current': locale }}>
      {/* the first stop of the keyboard on every page; every layout's <main> is #main */}
      <a className="skip-link" href="#main" data-testid="skip-link">
        {t('nav.skipToContent')}
      </a>
      <LoadingBar />
      <SessionWatch session={requestInfo().session} />
      <AppWatch texts={{ offline: t('nav.offline'), online: t('nav.backOnline') }} />
      <AppErrorBoundary texts={{ title: t('error.title'), reload: t('error.reload'), fallback: t('error.fallback'), home: t('error.home'), homeHref: href('home', l) }}>
        {children}
      </AppErrorBoundary>
    </MessagesProvider>
  );
}

async function SiteLayout({ locale, children, business }: LayoutProps & { business: boolean }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const { territory } = requestInfo();
  const profile = await loadProfile();
  return (
    <Frame locale={locale} t={t}>
      <div data-layout={business ? 'business' : 'default'} className="site">
        <HeaderBar locale={l} territory={territory} business={business} t={t} />
        <Navbar locale={l} language={locale} territory={territory} t={t} business={business} profile={profile} />
        <main id="main" className="content">
          {children}
        </main>
        <Footer locale={l} territory={territory} t={t} build={buildString()} />
        {profile?.has_contract && <SupportChat locale={l} territory={territory} t={t} />}
      </div>
    </Frame>
  );
}

const DefaultLayout = ({ locale, children }: LayoutProps) => (
  <SiteLayout locale={locale} business={false}>
    {children}
  </SiteLayout>
);
const BusinessLayout = ({ locale, children }: LayoutProps) => (
  <SiteLayout locale={locale} business>
    {children}
  </SiteLayout>
);

/**
 * Client-section pages need a signed-in user: anonymous visitors go to the login page
 * with `from` set to the route they wanted. The page is guarded too (see router.tsx):
 * layout and page render in parallel during client navigation.
 */
export function requireSignedIn(locale: Locale) {
  if (!requestInfo().apiKey) redirectToLogin(locale);
}

export function redirectToLogin(locale: Locale): never {
  const from = matchRoute(requestData().path ?? '/')?.id ?? 'klient-v2-prehled';
  redirect(`${href('login', linkLocale(locale))}?from=${encodeURIComponent(from)}`);
}

/**
 * Loaded on demand like the configurator's: the client section's islands (notices, the
 * full-load rule, the settings forms) stay out of the JavaScript every other page loads.
 */
async function ClientLayout(props: LayoutProps) {
  requireSignedIn(props.locale);
  const { ClientFrame } = await import('./client-layout');
  return <ClientFrame {...props} />;
}

/**
 * Loaded on demand: its step navigation is a client island over the configurator state,
 * and a module of its own keeps that state out of the JavaScript every other page loads
 * (Waku groups client components by the server chunk that uses them).
 */
async function ConfiguratorLayout(props: LayoutProps) {
  const { ConfiguratorFrame } = await import('./configurator-layout');
  return <ConfiguratorFrame {...props} />;
}

function EmptyLayout({ locale, children }: LayoutProps) {
  return (
    <Frame locale={locale} t={translator(locale)}>
      <main id="main" data-layout="empty" className="content narrow">
        {children}
      </main>
    </Frame>
  );
}

/** pages embedded by partners (returns, guidelines): no navigation, may be framed */
function ExternalLayout({ locale, children }: LayoutProps) {
  return (
    <Frame locale={locale} t={translator(locale)}>
      <main id="main" data-layout="external" className="content">
        {children}
      </main>
    </Frame>
  );
}

export const layouts: Record<LayoutGroup, (p: LayoutProps) => ReactNode> = {
  default: DefaultLayout,
  business: BusinessLayout,
  client: ClientLayout,
  configurator: ConfiguratorLayout,
  empty: EmptyLayout,
  external: ExternalLayout,
};
