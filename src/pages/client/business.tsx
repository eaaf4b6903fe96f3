import type { ReactNode } from 'react';
import { Link } from 'waku';
import { apiCall } from '../../api/server';
import { LoginPanel } from '../../components/account/login-panel';
import { ActivateContractButton } from '../../components/client/business/contract-actions';
import { OrderPickupButton } from '../../components/client/business/pickup-actions';
import { AddPlaceButton } from '../../components/client/business/place-actions';
import { ContractItem, NoContract, PickupItem, PlaceItem } from '../../components/client/business/views';
import { ClientPage } from '../../components/client/section';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale, loadProfile } from '../../components/layout/layouts';
import { pickMessages, translator, type MessageId, type Translate } from '../../i18n';
import { CONTRACT_TIERS, type PickupCountry } from '../../lib/schemas/business';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { href, type Locale } from '../../routes';
import type { ContractView } from '../../server/services/business/contracts';
import type { PickupPlaceView } from '../../server/services/business/pickup-places';
import type { PickupCarrier, PickupView } from '../../server/services/business/pickups';
import type { PageProps } from '../types';
// the screens without an island of ours still need their styles (and the sign-in page's)
import '../../components/account/account.css';
import '../../components/client/business/business.css';

/**
 * Contracts and business (issue 12 item 6): smlouvy (every signed-in user), svozy and
 * svozova-mista (users with a contract; others read what they are and where a contract comes
 * from), pro-firmy (the business offer) and /aktivace-smlouvy/:token. Lists are server
 * rendered; adding, changing and confirming need JavaScript and say so.
 */

const ISLAND = ['business.'];
const Islands = ({ locale, children }: { locale: Locale; children: ReactNode }) => (
  <MessagesProvider messages={pickMessages(locale, ISLAND)}>{children}</MessagesProvider>
);
const NeedsScript = ({ t }: { t: Translate }) => (
  <noscript>
    <p className="acc-message acc-info">{t('business.noscript')}</p>
  </noscript>
);

const ManagerAppLink = ({ t, primary = false }: { t: Translate; primary?: boolean }) => (
  <a className={primary ? 'button primary' : 'button'} href={MANAGER_APP_URL} rel="noopener" title={t('user.externalApp')} data-testid="biz-manager-app">
    {t('nav.managerApp')} <span aria-hidden="true">↗</span>
  </a>
);

/** klient-smlouvy */
export async function ContractsPage({ id, locale }: PageProps<'klient-smlouvy'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = await apiCall<ContractView[]>('GET', '/v1/contracts');
  if (!res.ok) throw new Error(`contracts answered ${res.status}`);
  const contracts = res.data;
  const unsigned = contracts.filter((c) => c.unsigned);
  const active = contracts.find((c) => c.status === 'active');
  return (
    <ClientPage id={id} locale={locale} actions={active ? <ManagerAppLink t={t} /> : undefined}>
      {unsigned.length > 0 && (
        <div className="acc-message biz-alert biz-notice" role="status" data-testid="contracts-unsigned">
          <p>
            <strong>{t('business.contracts.unsignedWarning', { count: unsigned.length })}</strong>
          </p>
          <p>{t('business.contracts.unsignedHint')}</p>
        </div>
      )}
      {contracts.length === 0 ? (
        <div className="biz-notice" data-testid="contracts-none">
          <p>{t('business.contracts.none')}</p>
          <p>
            <Link className="button primary" to={href('klient-v2-pro-firmy', l)}>
              {t('business.noContract.link')}
            </Link>
          </p>
        </div>
      ) : (
        <Islands locale={locale}>
          <ul className="biz-list" data-testid="contracts">
            {contracts.map((c) => (
              <ContractItem key={c.id} contract={c} locale={l} t={t} />
            ))}
          </ul>
        </Islands>
      )}
      {unsigned.length > 0 && <NeedsScript t={t} />}
      {contracts.length > 0 && <p className="muted biz-section biz-small">{t('business.contracts.signingNote')}</p>}
    </ClientPage>
  );
}

/** klient-svozova-mista */
export async function PickupPlacesPage({ id, locale }: PageProps<'klient-svozova-mista'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = await apiCall<PickupPlaceView[]>('GET', '/v1/pickup-places');
  if (!res.ok && res.status === 403) {
    return (
      <ClientPage id={id} locale={locale}>
        <NoContract locale={l} t={t} what="places" />
      </ClientPage>
    );
  }
  if (!res.ok) throw new Error(`pickup places answered ${res.status}`);
  return (
    <Islands locale={locale}>
      <ClientPage id={id} locale={locale} actions={<AddPlaceButton locale={l} />}>
        <p className="muted">{t('business.places.intro')}</p>
        <NeedsScript t={t} />
        {res.data.length === 0 ? (
          <p data-testid="places-none">{t('business.places.none')}</p>
        ) : (
          <ul className="biz-list" data-testid="places">
            {res.data.map((p) => (
              <PlaceItem key={p.id} place={p} locale={l} t={t} />
            ))}
          </ul>
        )}
        <p className="biz-section">
          <Link to={href('klient-svozy', l)}>{t('business.places.toPickups')}</Link>
        </p>
      </ClientPage>
    </Islands>
  );
}

/** klient-svozy */
export async function PickupsPage({ id, locale }: PageProps<'klient-svozy'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const [pickups, places, carriers] = await Promise.all([
    apiCall<PickupView[]>('GET', '/v1/pickups'),
    apiCall<PickupPlaceView[]>('GET', '/v1/pickup-places'),
    apiCall<Record<PickupCountry, PickupCarrier[]>>('GET', '/v1/pickups/carriers'),
  ]);
  if (!pickups.ok && pickups.status === 403) {
    return (
      <ClientPage id={id} locale={locale}>
        <NoContract locale={l} t={t} what="pickups" />
      </ClientPage>
    );
  }
  if (!pickups.ok || !places.ok || !carriers.ok) throw new Error('pickups could not be loaded');
  const placesHref = href('klient-svozova-mista', l);
  return (
    <Islands locale={locale}>
      <ClientPage id={id} locale={locale} actions={places.data.length > 0 ? <OrderPickupButton locale={l} places={places.data} carriers={carriers.data} /> : undefined}>
        <p className="muted">{t('business.pickups.intro')}</p>
        {places.data.length === 0 && (
          <div className="acc-message acc-info biz-notice" data-testid="pickups-no-places">
            <p>{t('business.pickups.noPlaces')}</p>
            <p>
              <Link className="button primary" to={placesHref}>
                {t('business.pickups.addPlace')}
              </Link>
            </p>
          </div>
        )}
        <NeedsScript t={t} />
        {pickups.data.length === 0 ? (
          <p data-testid="pickups-none">{t('business.pickups.none')}</p>
        ) : (
          <ul className="biz-list" data-testid="pickups">
            {pickups.data.map((p) => (
              <PickupItem key={p.id} pickup={p} locale={l} t={t} />
            ))}
          </ul>
        )}
        {places.data.length > 0 && (
          <p className="biz-section">
            <Link to={placesHref}>{t('business.pickups.managePlaces')}</Link>
          </p>
        )}
      </ClientPage>
    </Islands>
  );
}

/** klient-v2-pro-firmy: the business offer; with a contract, where its tools are */
export async function ForBusinessPage({ id, locale }: PageProps<'klient-v2-pro-firmy'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const profile = await loadProfile();
  if (profile?.has_contract) {
    return (
      <ClientPage id={id} locale={locale}>
        <div className="acc-message acc-success biz-notice" data-testid="biz-has-contract">
          <p>
            <strong>{t('business.offer.hasContract', { tier: profile.price_type ?? '' })}</strong>
          </p>
          <p>{t('business.offer.hasContractText')}</p>
        </div>
        <p className="biz-actions">
          <ManagerAppLink t={t} primary />
          <Link className="button" to={href('klient-smlouvy', l)}>
            {t('route.klient-smlouvy')}
          </Link>
          <Link className="button" to={href('klient-svozy', l)}>
            {t('route.klient-svozy')}
          </Link>
          <Link className="button" to={href('klient-svozova-mista', l)}>
            {t('route.klient-svozova-mista')}
          </Link>
        </p>
      </ClientPage>
    );
  }
  const benefits = ['pickups', 'invoicing', 'managerApp', 'import'] as const;
  return (
    <ClientPage id={id} locale={locale}>
      <p className="biz-lead">{t('business.offer.intro')}</p>
      <section className="biz-section" aria-labelledby="biz-tiers">
        <h2 id="biz-tiers">{t('business.offer.tiersTitle')}</h2>
        <ul className="biz-tiers">
          {CONTRACT_TIERS.map((tier) => (
            <li key={tier} data-testid={`tier-${tier}`}>
              <h3>{tier}</h3>
              <p className="biz-for">{t(`business.tier.${tier}.for` as MessageId)}</p>
              <p>{t(`business.tier.${tier}.text` as MessageId)}</p>
            </li>
          ))}
        </ul>
        <p className="muted biz-small biz-section">{t('business.offer.tiersNote')}</p>
      </section>
      <section className="biz-section" aria-labelledby="biz-benefits">
        <h2 id="biz-benefits">{t('business.offer.benefitsTitle')}</h2>
        <ul className="biz-benefits">
          {benefits.map((b) => (
            <li key={b}>
              <strong>{t(`business.offer.${b}.title` as MessageId)}</strong>
              {t(`business.offer.${b}.text` as MessageId)}
            </li>
          ))}
        </ul>
      </section>
      <div className="biz-cta">
        <p>{t('business.offer.cta')}</p>
        <Link className="button primary big" to={href('business-get-offer', l)} data-testid="biz-get-offer">
          {t('business.offer.button')}
        </Link>
      </div>
    </ClientPage>
  );
}

type Preview = { contract: ContractView; state: 'ready' | 'active' };

/** /aktivace-smlouvy/:token = /en/activate-contract/:token: sign in first (and come back), then activate */
export async function ActivateContractPage({ id, locale, params }: PageProps<'activate-contract'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const title = t('route.activate-contract');
  const here = href('activate-contract', l, { token: params.token });
  const frame = (children: ReactNode) => (
    <article className="page auth-page" data-route={id}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1>{title}</h1>
      <Islands locale={locale}>{children}</Islands>
    </article>
  );

  const profile = await loadProfile();
  if (!profile) {
    return frame(
      <>
        <p data-testid="activate-sign-in">{t('business.activate.signInFirst')}</p>
        <LoginPanel locale={l} idPrefix="activate" returnTo={here} from={null} />
        <p className="muted biz-small biz-section">{t('business.activate.noAccount')}</p>
      </>,
    );
  }

  const res = await apiCall<Preview>('POST', '/v1/contracts/activation', { token: params.token });
  if (!res.ok) {
    const used = res.status === 409;
    return frame(
      <div className="acc-message acc-error" role="alert" data-testid={used ? 'activate-used' : 'activate-unknown'}>
        <p>
          <strong>{t(used ? 'business.activate.usedTitle' : 'business.activate.unknownTitle')}</strong>
        </p>
        <p>{t(used ? 'business.activate.usedText' : 'business.activate.unknownText')}</p>
        <p>
          <Link className="button primary" to={href('klient-smlouvy', l)}>
            {t('business.activate.toContracts')}
          </Link>
        </p>
      </div>,
    );
  }

  const { contract, state } = res.data;
  return frame(
    <>
      <p>{t('business.activate.signedInAs', { email: profile.email })}</p>
      <dl className="biz-facts biz-notice" data-testid="activate-contract-facts">
        <dt>{t('business.activate.contract')}</dt>
        <dd>{contract.number}</dd>
        <dt>{t('business.activate.tier')}</dt>
        <dd>
          <span className="biz-tier">{contract.tier}</span> {t(`business.tier.${contract.tier}.short` as MessageId)}
        </dd>
      </dl>
      {state === 'active' ? (
        <div className="acc-message acc-success" data-testid="activate-already">
          <p>{t('business.activate.already', { number: contract.number })}</p>
          <p>
            <a className="button primary" href={href('klient-smlouvy', l)}>
              {t('business.activate.toContracts')}
            </a>
          </p>
        </div>
      ) : (
        <>
          <p>{t('business.activate.what')}</p>
          {profile.has_contract && <p className="acc-message acc-info">{t('business.activate.replaces', { tier: profile.price_type ?? '' })}</p>}
          <ActivateContractButton locale={l} token={params.token} links={{ contracts: href('klient-smlouvy', l), pickups: href('klient-svozy', l) }} />
          <NeedsScript t={t} />
        </>
      )}
    </>,
  );
}
