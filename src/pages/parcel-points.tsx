import { Link } from 'waku';
import { apiCall } from '../api/server';
import { Breadcrumb } from '../components/content/breadcrumb';
import { carrierPageOfCode, NETWORK_NAMES } from '../components/carrier-page/carrier-facts';
import '../components/carrier-page/carrier-page.css';
import type { ParcelPointPrices } from '../components/carrier-page/types';
import { PageMeta } from '../components/content/page-meta';
import { linkLocale } from '../components/layout/layouts';
import { PointList } from '../components/parcel-points/point-list';
import { PointsMap } from '../components/parcel-points/points-map';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm } from '../components/quote/quote-form';
import { hasMessage, translator, type MessageId } from '../i18n';
import { formatMoney, formatNumber } from '../lib/format';
import { MAX_PACKAGES } from '../lib/quote-defaults';
import { PARCEL_POINT_SERVICE_FILTERS } from '../lib/schemas/carriers';
import { PARCEL_POINT_CARRIERS, type ParcelPoint } from '../lib/types/quote';
import { honoContext, requestInfo } from '../request';
import { href, patternOf } from '../routes';
import type { PageProps } from './types';
import { NotCarried } from '../components/carrier-page/price-table';
import { serviceNameBeside } from '../lib/quote-rules';

type FindResult = { points: ParcelPoint[]; origin: { lat: number; lng: number }; place: { title: string; city: string; zip: string; country: string } };
type ApiErrorBody = { errors?: { field: string; code: string }[] } | null;

const RESULT_LIMIT = 20;

/** the search of the page's query: what was asked, and the answer or the message of why there is none */
async function search(query: URLSearchParams) {
  const q = (query.get('q') ?? '').trim();
  const carrier = query.get('carrier') ?? '';
  const services = query.getAll('service');
  const collection = query.get('collection') === '1';
  const form = { q, carrier, services, collection };
  if (!q) return { form, result: null, error: null };
  const params = new URLSearchParams({ q, limit: String(RESULT_LIMIT) });
  if (carrier) params.set('carrier', carrier);
  if (services.length > 0) params.set('service', services.join(','));
  if (collection) params.set('collection', '1');
  try {
    const res = await apiCall<FindResult>('GET', `/v1/parcelpoints/find?${params}`);
    if (res.ok) return { form, result: res.data, error: null };
    const code = res.status === 400 ? (res.body as ApiErrorBody)?.errors?.[0]?.code : undefined;
    return { form, result: null, error: code && hasMessage(code) ? code : 'carriers.pp.failed' };
  } catch (error) {
    console.warn('parcel-point search failed', error);
    return { form, result: null, error: 'carriers.pp.failed' as const };
  }
}

/**
 * /vydejni-mista and /mapa-vydejnich-mist: the sample parcel points searchable by town or PSČ
 * with a GET form (results rendered on the server, no JavaScript needed), filtered by network
 * and services; with a Google Maps key the found points are also on a map.
 */
export async function ParcelPointsPage({ id, locale, query }: PageProps<'drop-off-points' | 'parcel-points-map'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const { form, result, error } = await search(new URLSearchParams(query));
  const mapsKey = honoContext().env.GOOGLE_MAPS_KEY || null;
  const title = t(`route.${id}`);
  const withMap = Boolean(mapsKey && result && result.points.length > 0);
  return (
    <article className="page parcel-points-page" data-route={id}>
      <PageMeta locale={l} title={title} description={t(id === 'parcel-points-map' ? 'carriers.pp.mapDescription' : 'carriers.pp.description')} />
      <Breadcrumb locale={l} title={title} />
      <h1>{title}</h1>
      <p className="cp-lead">{t('carriers.pp.intro')}</p>
      <p className="notice">{t('carriers.pp.sample')}</p>

      <form method="get" action={href(id, l)} className="pp-form" role="search" aria-label={t('carriers.pp.form')}>
        <div className="pp-form-row">
          <div>
            <label htmlFor="pp-q">{t('carriers.pp.q')}</label>
            <input
              id="pp-q"
              name="q"
              type="search"
              required
              maxLength={100}
              defaultValue={form.q}
              aria-describedby={error ? 'pp-q-hint pp-q-error' : 'pp-q-hint'}
              aria-invalid={error ? true : undefined}
            />
            <small id="pp-q-hint" className="muted">
              {t('carriers.pp.qHint')}
            </small>
          </div>
          <div>
            <label htmlFor="pp-carrier">{t('carriers.pp.carrier')}</label>
            <select id="pp-carrier" name="carrier" defaultValue={form.carrier}>
              <option value="">{t('carriers.pp.anyCarrier')}</option>
              {PARCEL_POINT_CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {NETWORK_NAMES[c]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button primary">
            {t('carriers.pp.search')}
          </button>
        </div>
        <fieldset>
          <legend>{t('carriers.pp.services')}</legend>
          {PARCEL_POINT_SERVICE_FILTERS.map((s) => (
            <label key={s} className="pp-check">
              <input type="checkbox" name="service" value={s} defaultChecked={form.services.includes(s)} />
              {t(`carriers.pp.service.${s}`)}
            </label>
          ))}
          <label className="pp-check">
            <input type="checkbox" name="collection" value="1" defaultChecked={form.collection} />
            {t('carriers.pp.collection')}
          </label>
        </fieldset>
      </form>

      {error && (
        <p className="notice notice-error" id="pp-q-error" role="alert" data-testid="parcel-point-error">
          {t(error as MessageId)}
        </p>
      )}
      {result && (
        <section aria-labelledby="pp-results">
          <h2 id="pp-results">{t('carriers.pp.results', { count: result.points.length, place: result.place.title })}</h2>
          {result.points.length === 0 ? (
            <p>{t('carriers.pp.none')}</p>
          ) : (
            <div className={`pp-results${withMap ? ' with-map' : ''}`}>
              <PointList points={result.points} t={t} locale={l} />
              {withMap && (
                <PointsMap apiKey={mapsKey!} language={l} origin={result.origin} points={result.points} label={t('carriers.pp.map')} />
              )}
            </div>
          )}
        </section>
      )}

      <section aria-labelledby="pp-networks">
        <h2 id="pp-networks">{t('carriers.pp.networks')}</h2>
        <p>{t('carriers.pp.networksIntro')}</p>
        <ul className="pp-networks">
          {PARCEL_POINT_CARRIERS.map((c) => {
            const page = carrierPageOfCode(c);
            return (
              <li key={c}>
                {page ? (
                  <>
                    <Link to={href(page.id, l)}>{NETWORK_NAMES[c]}</Link>: {t(`carriers.${c}.network` as MessageId)}
                  </>
                ) : (
                  t('carriers.pp.network.zasilkovna')
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="pp-prices">
        <h2 id="pp-prices">{t('carriers.pp.prices')}</h2>
        <ul className="pp-links">
          <li>
            <Link to={href('price-list-collection-points', l)}>{t('route.price-list-collection-points')}</Link>
          </li>
          <li>
            <Link to={href('price-list-delivery-points', l)}>{t('route.price-list-delivery-points')}</Link>
          </li>
          <li>
            <Link to={href(id === 'parcel-points-map' ? 'drop-off-points' : 'parcel-points-map', l)}>
              {t(id === 'parcel-points-map' ? 'carriers.pp.listLink' : 'carriers.pp.mapLink')}
            </Link>
          </li>
        </ul>
      </section>
    </article>
  );
}

/**
 * /ceniky/sberna-mista and /ceniky/vydejni-mista (also Slovak /cenniky/…):
 * what each carrier's parcel-point services cost per weight, from v1/carriers/parcel-point-prices.
 */
export async function ParcelPointPricesPage({ id, locale }: PageProps<'price-list-collection-points' | 'price-list-delivery-points'>) {
  const l = linkLocale(locale);
  // Slovak texts where translations/areas/carriers.sk.json has them, Czech otherwise
  const t = translator(locale === 'sk' ? 'sk' : l);
  const { territory } = requestInfo();
  const side = id === 'price-list-collection-points' ? 'collection' : 'delivery';
  const [res, countries] = await Promise.all([
    apiCall<ParcelPointPrices>('GET', `/v1/carriers/parcel-point-prices?side=${side}`).catch(() => null),
    quoteCountries(),
  ]);
  const prices = res?.ok ? res.data : null;
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const title = t(`carriers.ppp.${side}.title`);
  const how = (row: ParcelPointPrices['rows'][number]) =>
    side === 'collection'
      ? t(row.deliveryBranch === 'none' ? 'carriers.ppp.toAddress' : row.deliveryBranch === 'required' ? 'carriers.ppp.toPoint' : 'carriers.ppp.toEither')
      : `${t(row.type === 'DROPOFF' ? 'carriers.ppp.fromPoint' : 'carriers.ppp.fromCourier')}, ${t(row.deliveryBranch === 'required' ? 'carriers.ppp.toPoint' : 'carriers.ppp.toEither')}`;
  return (
    <article className="page parcel-point-prices-page" data-route={id}>
      <PageMeta locale={locale} title={title} description={t(`carriers.ppp.${side}.description`)} />
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('route.price-lists'), path: patternOf('price-lists', locale) }]}
        title={title}
      />
      <h1>{title}</h1>
      <p className="cp-lead">{t(`carriers.ppp.${side}.intro`)}</p>
      <p>
        <a className="button" href={`${href('drop-off-points', l)}${side === 'collection' ? '?collection=1' : ''}`}>
          {t(side === 'collection' ? 'carriers.ppp.findCollection' : 'carriers.ppp.findDelivery')}
        </a>
      </p>
      {prices ? (
        prices.destinations.map((to) => {
          const rows = prices.rows.filter((r) => r.to === to);
          if (rows.length === 0) return null;
          const caption = t('carriers.ppp.table', { country: names.get(to) ?? to.toUpperCase() });
          return (
            <section key={to} aria-labelledby={`ppp-${to}`}>
              <h2 id={`ppp-${to}`}>{caption}</h2>
              <div className="cp-table-wrap" tabIndex={0} role="region" aria-label={caption}>
                <table className="cp-table" data-testid={`ppp-table-${to}`}>
                  <thead>
                    <tr>
                      <th scope="col">{t('carriers.ppp.service')}</th>
                      {prices.weights.map((w) => (
                        <th scope="col" key={w}>
                          {t('carriers.kg', { weight: formatNumber(w, l) })}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const page = carrierPageOfCode(row.carrier.code);
                      return (
                        <tr key={row.serviceId}>
                          <th scope="row" className="cp-service-cell">
                            {page ? <Link to={href(page.id, l)}>{row.carrier.name}</Link> : row.carrier.name} {serviceNameBeside(row.carrier.name, row.serviceName)}
                            <small className="muted">{how(row)}</small>
                          </th>
                          {row.prices.map((p, i) => (
                            <td key={prices.weights[i]}>
                              {p ? (
                                formatMoney(p.value, p.currency, l)
                              ) : (
                                <NotCarried t={t} />
                              )}
                            </td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })
      ) : (
        <p className="notice" data-testid="ppp-failed">
          {t('carriers.ppp.failed')}
        </p>
      )}
      <p className="muted">{t('carriers.ppp.note')}</p>
      <section aria-labelledby="ppp-quote">
        <h2 id="ppp-quote">{t('carriers.quote')}</h2>
        <QuoteForm locale={l} territory={territory} countries={countries} maxPackages={MAX_PACKAGES} from={territory === 'sk' ? 'sk' : 'cz'} />
      </section>
    </article>
  );
}
