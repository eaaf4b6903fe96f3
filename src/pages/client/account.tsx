import { Link } from 'waku';
import { apiCall } from '../../api/server';
import { ClearLocalData } from '../../components/client/account/clear-local';
import { CompanyForm, DefaultCodAccountForm, DefaultPackageForm, NotificationsForm, PasswordChangeForm, ProfileForm, VersionForm } from '../../components/client/account/settings-forms';
import { ClientPage, clientHref, versionOf } from '../../components/client/section';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages, translator, type MessageId } from '../../i18n';
import { formatDay, formatMoney } from '../../lib/format';
import type { UserProfile } from '../../lib/types/user';
import { href } from '../../routes';
import { requestInfo } from '../../request';
import '../../components/client/account/account-pages.css';
import type { PageProps } from '../types';

type Overview = {
  in_transit: { total: number; items: { id: number; tracking_number: string; status: string; status_at: string | null; carrier: string; to: { name: string; city: string; country: string } }[] };
  latest_orders: { number: string; token: string; status: string; total: number; currency: string; created_at: string }[];
  billing: BillingSummary;
  month_spend: { currency: string; amount: number; orders: number }[];
};
type BillingSummary = { balances: { currency: string; amount: number }[]; unpaid_invoices: number; after_due_invoices: number };

const ISLAND = ['client.', 'validation.', 'account.'];

/** prehled (v1 and v2): what is on its way, the latest orders, money and shortcuts */
export async function DashboardPage({ id, locale }: PageProps<'klient-prehled'> | PageProps<'klient-v2-prehled'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const version = versionOf(id);
  const overview = await apiCall<Overview>('GET', '/v1/client/overview');
  if (!overview.ok) throw new Error(`overview answered ${overview.status}`);
  const o = overview.data;
  const billing = o.billing;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale === 'en' ? 'en' : 'cs');
  const day = (iso: string) => formatDay(iso, locale);
  const balances = billing.balances;
  return (
    <ClientPage id={id} locale={locale}>
      <div className="overview-tiles" data-testid="client-overview">
        <section className="overview-tile">
          <h2>{t('client.overview.inTransit')}</h2>
          <p className="overview-figure" data-testid="overview-in-transit">{o.in_transit.total}</p>
          {o.in_transit.items.length === 0 ? (
            <p className="muted">{t('client.overview.nothingMoving')}</p>
          ) : (
            <ul className="overview-list">
              {o.in_transit.items.map((s) => (
                <li key={s.id}>
                  <Link to={version === 'v2' ? href('klient-v2-zasilka', l, { id: String(s.id) }) : href('tracking-result', l, { id: s.tracking_number })}>{s.tracking_number}</Link>{' '}
                  <span className="muted">
                    {t(`tracking.status.${s.status}` as MessageId)} · {s.to.name}, {s.to.city}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to={clientHref('shipments', version, l)}>{t('client.overview.allShipments')}</Link>
        </section>
        <section className="overview-tile">
          <h2>{t('client.overview.latestOrders')}</h2>
          {o.latest_orders.length === 0 ? (
            <p className="muted">{t('client.overview.noOrders')}</p>
          ) : (
            <ul className="overview-list">
              {o.latest_orders.map((order) => (
                <li key={order.number}>
                  <Link to={href('order', l, { token: order.token })}>{order.number}</Link>{' '}
                  <span className="muted">
                    {day(order.created_at)} · {money(order.total, order.currency)} · {t(`client.orderStatus.${order.status}` as MessageId)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to={clientHref('orders', version, l)}>{t('client.overview.allOrders')}</Link>
        </section>
        <section className="overview-tile">
          <h2>{t('client.overview.credit')}</h2>
          <p className="overview-figure" data-testid="overview-credit">
            {balances.length === 0 ? money(0, requestInfo().territory === 'sk' ? 'EUR' : 'CZK').replace(/^€/, '€') : balances.map((b) => money(b.amount, b.currency)).join(' · ')}
          </p>
          <Link to={href('klient-kredit-dobit', l)}>{t('client.overview.topUp')}</Link>
        </section>
        <section className="overview-tile">
          <h2>{t('client.overview.invoices')}</h2>
          <p className="overview-figure" data-testid="overview-unpaid">{billing.unpaid_invoices}</p>
          <p className="muted">{billing.after_due_invoices > 0 ? t('client.overview.afterDue', { count: billing.after_due_invoices }) : t('client.overview.unpaid')}</p>
          <Link to={clientHref('invoices', version, l)}>{t('client.overview.allInvoices')}</Link>
        </section>
        <section className="overview-tile">
          <h2>{t('client.overview.monthSpend')}</h2>
          <p className="overview-figure" data-testid="overview-spend">
            {o.month_spend.length === 0 ? money(0, 'CZK') : o.month_spend.map((s) => money(s.amount, s.currency)).join(' · ')}
          </p>
          <p className="muted">{t('client.overview.monthOrders', { count: o.month_spend.reduce((n, s) => n + s.orders, 0) })}</p>
        </section>
      </div>
      <h2>{t('client.overview.shortcuts')}</h2>
      <ul className="overview-actions">
        <li>
          <Link to={href('home', l)} className="button primary">
            {t('client.overview.newShipment')}
          </Link>
        </li>
        <li>
          <Link to={href('klient-import', l)} className="button">
            {t('client.nav.import')}
          </Link>
        </li>
        <li>
          <Link to={clientHref('addressBook', version, l)} className="button">
            {t('client.nav.addressBook')}
          </Link>
        </li>
      </ul>
    </ClientPage>
  );
}

/** nastaveni (v1 and v2): profile, company, password, e-mails, defaults, Manage version */
export async function SettingsPage({ id, locale }: PageProps<'klient-nastaveni'> | PageProps<'klient-v2-nastaveni'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = await apiCall<UserProfile>('GET', '/v1/user/profile');
  if (!res.ok) throw new Error(`profile answered ${res.status}`);
  const profile = res.data;
  const version = versionOf(id);
  return (
    <ClientPage id={id} locale={locale}>
      <noscript>
        <p className="notice">{t('client.settings.noscript')}</p>
      </noscript>
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <section className="settings-section" aria-labelledby="s-profile">
          <h2 id="s-profile">{t('client.settings.profile')}</h2>
          <ProfileForm profile={profile} />
        </section>
        <section className="settings-section" aria-labelledby="s-company">
          <h2 id="s-company">{t('client.settings.companyData')}</h2>
          <p className="muted small">{t('client.settings.companyHint')}</p>
          <CompanyForm profile={profile} />
        </section>
        <section className="settings-section" aria-labelledby="s-password">
          <h2 id="s-password">{t('client.password.title')}</h2>
          {profile.sign_in.password ? <PasswordChangeForm /> : <p className="muted">{t('client.password.socialOnly')}</p>}
        </section>
        <section className="settings-section" aria-labelledby="s-notifications">
          <h2 id="s-notifications">{t('client.settings.notifications')}</h2>
          <NotificationsForm recipientTracking={profile.notifications.recipient_tracking} />
        </section>
        <section className="settings-section" aria-labelledby="s-defaults">
          <h2 id="s-defaults">{t('client.settings.defaults')}</h2>
          <p>
            {t('client.settings.defaultSender')} <Link to={clientHref('addressBook', version, l)}>{t('client.settings.defaultSenderLink')}</Link>
          </p>
          <h3>{t('client.settings.defaultPackage')}</h3>
          <DefaultPackageForm value={profile.default_package} />
          <h3>{t('client.settings.codAccount')}</h3>
          <DefaultCodAccountForm value={profile.default_cod_account} />
        </section>
        <section className="settings-section" aria-labelledby="s-version">
          <h2 id="s-version">{t('client.settings.version')}</h2>
          <p className="muted small">{t('client.settings.versionHint')}</p>
          <VersionForm
            prefersNew={profile.client_section_preference_new_client_section}
            forced={profile.client_section_force_new_client_section}
            targets={{ v1: href('klient-nastaveni', l), v2: href('klient-v2-nastaveni', l) }}
          />
        </section>
      </MessagesProvider>
    </ClientPage>
  );
}

/** heslo (v1): the password change alone */
export async function PasswordPage({ id, locale }: PageProps<'klient-heslo'>) {
  const t = translator(locale);
  const res = await apiCall<UserProfile>('GET', '/v1/user/profile');
  if (!res.ok) throw new Error(`profile answered ${res.status}`);
  return (
    <ClientPage id={id} locale={locale}>
      <noscript>
        <p className="notice">{t('client.settings.noscript')}</p>
      </noscript>
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        {res.data.sign_in.password ? <PasswordChangeForm /> : <p className="muted">{t('client.password.socialOnly')}</p>}
      </MessagesProvider>
    </ClientPage>
  );
}

/** clear (v1): forget what this browser keeps (draft, cart, state cookie) when something is stuck */
export function ClearPage({ id, locale }: PageProps<'klient-clear'>) {
  const t = translator(locale);
  return (
    <ClientPage id={id} locale={locale}>
      <p>{t('client.clear.text')}</p>
      <MessagesProvider messages={pickMessages(locale, ['client.clear.'])}>
        <ClearLocalData home={href('klient-prehled', linkLocale(locale))} />
      </MessagesProvider>
    </ClientPage>
  );
}

type ClaimRow = { number: string; token: string; status: string; reason: string; tracking_number: string; created_at: string; updated_at: string };

/** reklamace (v1): the user's claims, and a way to file one */
export async function ClientClaimsPage({ id, locale }: PageProps<'klient-reklamace'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = await apiCall<ClaimRow[]>('GET', '/v1/claims');
  if (!res.ok) throw new Error(`claims answered ${res.status}`);
  const day = (iso: string) => formatDay(iso, locale);
  return (
    <ClientPage
      id={id}
      locale={locale}
      actions={
        <Link to={href('claim', l)} className="button primary">
          {t('client.claims.new')}
        </Link>
      }
    >
      {res.data.length === 0 ? (
        <p className="muted" data-testid="client-claims-empty">{t('client.claims.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="client-table" data-testid="client-claims">
            <thead>
              <tr>
                <th scope="col">{t('client.claims.number')}</th>
                <th scope="col">{t('client.claims.parcel')}</th>
                <th scope="col">{t('client.claims.reason')}</th>
                <th scope="col">{t('client.claims.status')}</th>
                <th scope="col">{t('client.claims.filed')}</th>
              </tr>
            </thead>
            <tbody>
              {res.data.map((c) => (
                <tr key={c.token}>
                  <td>
                    <Link to={href('claim-detail', l, { token: c.token })}>{c.number}</Link>
                  </td>
                  <td>{c.tracking_number}</td>
                  <td>{t(`claims.reason.${c.reason}` as MessageId)}</td>
                  <td>{t(`claims.status.${c.status}` as MessageId)}</td>
                  <td>{day(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ClientPage>
  );
}
