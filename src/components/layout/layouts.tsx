import type { ReactNode } from 'react';
import { unstable_redirect as redirect } from 'waku/router/server';
import { apiCall } from '../../api/server';
import { pickMessages, translator, type Translate } from '../../i18n';
import { requestData, requestInfo, honoContext } from '../../request';
import { href, matchRoute, type LayoutGroup, type Locale, type PageLocale, type RouteId } from '../../routes';
import { MessagesProvider } from '../i18n/client';
import { Link } from 'waku';
import { ClientNav } from './client-nav';
import { Dismissible } from '../client/dismissible';
import { FullLoadOnLeave } from '../client/full-load';
import { UnpaidInvoiceBar } from '../client/billing/unpaid-invoice-bar';
import { isV2ClientRoute, newClientSectionTarget } from '../../lib/client-section';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { AppErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { HydrationMarker } from './hydration-marker';
import { HeaderBar } from './header-bar';
import { LoadingBar } from './loading-bar';
import { Navbar } from './navbar';
import { SessionWatch } from './session-watch';
import { SupportChat } from './support-chat';
import type { BasicProfile } from '../../lib/types/user';
import { forgetProfile, recallProfile, rememberProfile } from '../../profile-memory';

type LayoutProps = { locale: Locale; children: ReactNode };

/** prefixes of the messages client islands of the layouts use */
const ISLAND_MESSAGES = ['nav.', 'tracking.', 'login.', 'locale.', 'territory.', 'headerBar.', 'modal.', 'user.', 'validation.', 'configurator.', 'error.', 'quote.', 'cart.'];

/** pages render in cs or en; the Slovak price-list paths use sk texts with English links' fallbacks */
export const linkLocale = (locale: Locale): PageLocale => (locale === 'en' ? 'en' : 'cs');

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

function buildString() {
  const env = honoContext().env;
  return `${requestInfo().territory}/${env.ENVIRONMENT ?? 'local'}/${env.BUILD_VERSION ?? 'dev'}`;
}

export function Frame({ locale, t, children }: { locale: Locale; t: Translate; children: ReactNode }) {
  const l = linkLocale(locale);
  return (
    <MessagesProvider messages={pickMessages(locale, ISLAND_MESSAGES)}>
      <LoadingBar />
      <HydrationMarker />
      <SessionWatch session={requestInfo().session} />
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
        <Navbar locale={l} territory={territory} t={t} business={business} profile={profile} />
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

function redirectToLogin(locale: Locale): never {
  const from = matchRoute(requestData().path ?? '/')?.id ?? 'klient-v2-prehled';
  redirect(`${href('login', linkLocale(locale))}?from=${encodeURIComponent(from)}`);
}

/** cookies that keep a client-section notice closed (see Dismissible) */
export const NEW_SECTION_ALERT_COOKIE = 'zslt_alert_new_client_section';
export const V2_BANNER_COOKIE = 'zslt_banner_client_v2';

async function ClientLayout({ locale, children }: LayoutProps) {
  requireSignedIn(locale);
  const t = translator(locale);
  const l = linkLocale(locale);
  const { territory } = requestInfo();
  const profile = await loadProfile();
  // a key the origin no longer accepts (revoked, expired) is no sign-in either
  if (!profile) redirectToLogin(locale);
  const current = matchRoute(requestData().path ?? '/')?.id ?? null;
  const version = current && isV2ClientRoute(current) ? 'v2' : 'v1';
  const cookies = requestData().cookies ?? {};
  // the contracts entry warns about an unsigned contract (business accounts only ask)
  const contracts = profile.segment === 'B' || profile.has_contract ? await apiCall<unknown[]>('GET', '/v1/contracts').catch(() => null) : null;
  const unsignedContract = Boolean(contracts?.ok && contracts.meta?.unsigned_contract);
  return (
    <Frame locale={locale} t={t}>
      <div data-layout="client" data-client-version={version} className="site">
        <Navbar locale={l} territory={territory} t={t} business={false} profile={profile} />
        {version === 'v1' ? <FullLoadOnLeave /> : null}
        <div className="client-section">
          <ClientNav locale={l} t={t} version={version} profile={profile} current={current} unsignedContract={unsignedContract} />
          <main id="main" className="content">
            <UnpaidInvoiceBar locale={locale} />
            <ClientNotices locale={l} t={t} version={version} profile={profile} current={current} cookies={cookies} />
            {children}
          </main>
        </div>
        <Footer locale={l} territory={territory} t={t} build={buildString()} />
        {profile.has_contract && <SupportChat locale={l} territory={territory} t={t} />}
      </div>
    </Frame>
  );
}

/**
 * Above a client page: on v1 the banner announcing v2 (spec §1; business customers are
 * recommended the manager app), on v2 the new-client-section alert of spec §4 (the user
 * prefers the new section without being forced: how to go back). Both close for good.
 */
function ClientNotices({ locale, t, version, profile, current, cookies }: { locale: PageLocale; t: Translate; version: 'v1' | 'v2'; profile: BasicProfile; current: string | null; cookies: Record<string, string> }) {
  if (version === 'v1') {
    if (cookies[V2_BANNER_COOKIE] || current === 'klient-odhlaseni') return null;
    const target = current ? newClientSectionTarget(current as RouteId) : null;
    const v2 = target?.kind === 'route' ? target.id : 'klient-v2-prehled';
    const business = profile.segment === 'B' || profile.has_contract;
    return (
      <Dismissible cookie={V2_BANNER_COOKIE} closeLabel={t('client.notice.close')} className="client-banner" testId="client-v2-banner">
        <strong>{t('client.banner.title')}</strong> {t('client.banner.text')}{' '}
        <Link to={href(v2 as 'klient-v2-prehled', locale)}>{t('client.banner.try')}</Link>
        {business ? (
          <>
            {' '}
            {t('client.banner.business')}{' '}
            <a href={MANAGER_APP_URL} rel="noopener">
              {t('client.nav.managerApp')} ↗
            </a>
          </>
        ) : null}
      </Dismissible>
    );
  }
  if (cookies[NEW_SECTION_ALERT_COOKIE] || profile.client_section_force_new_client_section || !profile.client_section_preference_new_client_section) return null;
  return (
    <Dismissible cookie={NEW_SECTION_ALERT_COOKIE} closeLabel={t('client.notice.close')} event={{ event: 'close-new-client-section-alert' }} className="client-alert" testId="client-new-section-alert">
      {t('client.alert.text')} <Link to={href('klient-v2-nastaveni', locale)}>{t('client.alert.settings')}</Link>
    </Dismissible>
  );
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
