import type { ReactNode } from 'react';
import { Link } from 'waku';
import { apiCall } from '../../api/server';
import { translator, type Translate } from '../../i18n';
import { isV2ClientRoute, newClientSectionTarget } from '../../lib/client-section';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import type { BasicProfile } from '../../lib/types/user';
import { requestData, requestInfo } from '../../request';
import { href, matchRoute, type Locale, type PageLocale, type RouteId } from '../../routes';
import { UnpaidInvoiceBar } from '../client/billing/unpaid-invoice-bar';
import { Dismissible } from '../client/dismissible';
import { FullLoadOnLeave } from '../client/full-load';
import { ClientNav } from './client-nav';
import { Footer } from './footer';
import { buildString, Frame, linkLocale, loadProfile, redirectToLogin } from './layouts';
import { Navbar } from './navbar';
import { SupportChat } from './support-chat';

/** cookies that keep a client-section notice closed (see Dismissible) */
export const NEW_SECTION_ALERT_COOKIE = 'zslt_alert_new_client_section';
export const V2_BANNER_COOKIE = 'zslt_banner_client_v2';

export async function ClientFrame({ locale, children }: { locale: Locale; children: ReactNode }) {
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
    <Frame locale={locale} t={t} messages="client">
      <div data-layout="client" data-client-version={version} className="site">
        <Navbar locale={l} language={locale} territory={territory} t={t} business={false} profile={profile} />
        {version === 'v1' ? <FullLoadOnLeave /> : null}
        <div className="client-section">
          <ClientNav locale={l} t={t} version={version} profile={profile} current={current} unsignedContract={unsignedContract}>
            {profile.has_contract && <SupportChat locale={l} territory={territory} t={t} />}
          </ClientNav>
          <main id="main" className="content">
            <UnpaidInvoiceBar locale={locale} />
            <ClientNotices locale={l} t={t} version={version} profile={profile} current={current} cookies={cookies} />
            {children}
          </main>
        </div>
        <Footer locale={l} territory={territory} t={t} build={buildString()} />
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

