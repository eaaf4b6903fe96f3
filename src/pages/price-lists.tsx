import { countries as countryFacts, type TCountryCode } from 'countries-list';
import type { ReactNode } from 'react';
import { apiCall, apiGetOptional } from '../api/server';
import { Breadcrumb, type Crumb } from '../components/content/breadcrumb';
import { JsonLd, PageMeta } from '../components/content/page-meta';
import { linkLocale } from '../components/layout/layouts';
import { loadCarrierTable, loadCheapest, PRICE_LIST_CARRIERS, CARRIER_NAMES } from '../components/price-list/data';
import { promoOffer, promoPrice, type CarrierTable } from '../components/price-list/table';
import '../components/price-list/price-list.css';
import { PriceTable } from '../components/price-list/price-table';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm, type CountryOption } from '../components/quote/quote-form';
import { translator, type MessageId, type Translate } from '../i18n';
import { countryName, countryPhrase, countrySlug, NAMED_PRICE_LIST_COUNTRIES, needsCustoms, parseCountrySlug, PRICE_LIST_COUNTRY_CODES, type Direction } from '../lib/country-slugs';
import { formatMoney, formatNumber } from '../lib/format';
import { MAX_PACKAGES } from '../lib/quote-defaults';
import type { Territory } from '../lib/types/quote';
import { requestData, requestInfo } from '../request';
import { href, patternOf, type Locale, type RouteId } from '../routes';
import type { CodOverview } from '../server/api/price-lists';
import { NotFoundPage } from './not-found';
import type { PageProps } from './types';

/**
 * The price lists (spec §2.5): live tables from v1/rates/list, never hard-coded prices.
 * Czech, English and Slovak (/cenniky) pages; no client JavaScript except the quote form.
 */

type PriceListId = Extract<RouteId, `price-list${string}`>;

// ---- links, names, the territory's home country ----

const SLUG = /\[(\w+)\]/g;
/** a price-list route's path in any of its three locales (href() knows cs and en only) */
const pathOf = (id: PriceListId, locale: Locale, params: Record<string, string> = {}) =>
  patternOf(id, locale).replace(SLUG, (_, k: string) => encodeURIComponent(params[k] ?? ''));

const countryHref = (code: string, direction: Direction, locale: Locale) => pathOf('price-list-country', locale, { slug: countrySlug(code, direction, locale) });

/** "Balík do Německa", "Parcel to Germany", "Balík zo Slovenska" */
const countryTitle = (code: string, direction: Direction, locale: Locale, t: Translate) =>
  locale === 'en'
    ? t(direction === 'to' ? 'prices.country.titleTo' : 'prices.country.titleFrom', { country: countryName(code, locale) })
    : t('prices.country.title', { phrase: countryPhrase(code, direction, locale)! });

/** "z Česka" / "do Česka", "from Czechia" / "to Czechia" */
const homePhrase = (home: string, direction: Direction, locale: Locale) =>
  locale === 'en' ? `${direction} ${countryName(home, locale)}` : countryPhrase(home, direction, locale)!;

const homeOf = (territory: Territory) => (territory === 'sk' ? 'sk' : 'cz');
/** a page about the home country itself pairs it with the other home country (CZ ↔ SK) */
const partnerOf = (home: string) => (home === 'cz' ? 'sk' : 'cz');

const title = (t: Translate, id: PriceListId | 'price-lists') => t(`prices.title.${id}` as MessageId);

const CONTINENTS = {
  'price-list-europe': 'EU',
  'price-list-asia': 'AS',
  'price-list-africa': 'AF',
  'price-list-north-america': 'NA',
  'price-list-south-america': 'SA',
  'price-list-oceania': 'OC',
} as const satisfies Partial<Record<PriceListId, string>>;
type ContinentId = keyof typeof CONTINENTS;
const CONTINENT_IDS = Object.keys(CONTINENTS) as ContinentId[];

const continentOf = (code: string) => countryFacts[code.toUpperCase() as TCountryCode]?.continent;
const continentPage = (code: string): ContinentId | null => CONTINENT_IDS.find((id) => CONTINENTS[id] === continentOf(code)) ?? null;

const collator = (locale: Locale) => new Intl.Collator(locale === 'en' ? 'en' : locale === 'sk' ? 'sk' : 'cs');
const sortByName = (codes: readonly string[], locale: Locale) => [...codes].sort((a, b) => collator(locale).compare(countryName(a, locale), countryName(b, locale)));

/** "z Česka do Německa", "from Czechia to Germany"; names of the form list for countries without a page */
function routePhrase(from: string, to: string, locale: Locale, t: Translate, names: Map<string, string>): string {
  const known = PRICE_LIST_COUNTRY_CODES.includes(from) && PRICE_LIST_COUNTRY_CODES.includes(to);
  if (locale !== 'en' && known) return `${countryPhrase(from, 'from', locale)} ${countryPhrase(to, 'to', locale)}`;
  const name = (c: string) => (PRICE_LIST_COUNTRY_CODES.includes(c) ? countryName(c, locale) : names.get(c) ?? c.toUpperCase());
  return t('prices.route.phrase', { from: name(from), to: name(to) });
}

// ---- the shell every price-list page shares ----


function Shell(props: { id: PriceListId | 'price-lists'; locale: Locale; title: string; description: string; crumbs: Crumb[]; children: ReactNode; t: Translate }) {
  const { id, locale, t, crumbs } = props;
  return (
    <article className="page price-list-page" data-route={id}>
      <PageMeta locale={locale} title={props.title} description={props.description} />
      <Breadcrumb locale={locale} trail={crumbs.slice(0, -1)} title={crumbs.at(-1)!.name} />
      <h1>{props.title}</h1>
      {props.children}
    </article>
  );
}

const overviewCrumb = (locale: Locale, t: Translate): Crumb => ({ name: title(t, 'price-lists'), path: pathOf('price-lists', locale) });

async function QuoteSection({ locale, from, to, t, countries }: { locale: Locale; from?: string; to?: string; t: Translate; countries?: CountryOption[] }) {
  const { territory } = requestInfo();
  return (
    <section className="price-list-quote" aria-labelledby="price-list-quote">
      <h2 id="price-list-quote">{t('prices.quote.title')}</h2>
      <p>{t('prices.quote.text')}</p>
      <QuoteForm locale={linkLocale(locale)} territory={territory} countries={countries ?? (await quoteCountries())} from={from} to={to} maxPackages={MAX_PACKAGES} />
    </section>
  );
}

/** cards "country — from 1 kg price", each linking to its country page */
function CountryPrices({ codes, direction, home, locale, t, cells }: { codes: string[]; direction: Direction; home: string; locale: Locale; t: Translate; cells: Map<string, { priceVat: { value: number; currency: string } }> }) {
  return (
    <ul className="country-prices" data-testid="country-prices">
      {codes.map((code) => {
        const cell = cells.get(direction === 'to' ? `${home}-${code}` : `${code}-${home}`);
        return (
          <li key={code}>
            <a href={countryHref(code, direction, locale)}>
              <span>{countryName(code, locale)}</span>
              <span className="price">{cell ? t('prices.fromPrice', { price: formatMoney(cell.priceVat.value, cell.priceVat.currency, locale) }) : t('prices.onRequest')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function CountryLinks({ codes, direction, locale }: { codes: string[]; direction: Direction; locale: Locale }) {
  return (
    <ul className="country-list">
      {codes.map((code) => (
        <li key={code}>
          <a href={countryHref(code, direction, locale)}>{countryName(code, locale)}</a>
        </li>
      ))}
    </ul>
  );
}

const otherLists: PriceListId[] = ['price-list-domestic', 'price-list-abroad', 'price-list-import', 'price-list-cod', 'price-list-collection-points', 'price-list-delivery-points'];

function ListLinks({ ids, locale, t }: { ids: PriceListId[]; locale: Locale; t: Translate }) {
  return (
    <ul className="price-list-links">
      {ids.map((id) => (
        <li key={id}>
          <a href={pathOf(id, locale)}>{title(t, id)}</a>
        </li>
      ))}
    </ul>
  );
}

// ---- one route's table: the country pages, domestic, the generic route pages ----

type AggregateRating = { avg: number; total: number };

function PromoBanner({ price, table, locale, t, phrase }: { price: number; table: CarrierTable | null; locale: Locale; t: Translate; phrase: string }) {
  if (!table) return null;
  const { within, cheapest } = promoOffer(table, price);
  if (!cheapest) return null;
  const money = (v: number) => formatMoney(v, table.currency, locale);
  const kg = (w: number) => `${formatNumber(w, locale)}\u00A0kg`;
  return (
    <p className="price-list-notice" data-testid="promo">
      {within
        ? t('prices.promo.within', { price: money(price), route: phrase, weight: kg(within.weight), carrier: within.carrier, actual: money(within.value) })
        : t('prices.promo.above', { price: money(price), route: phrase, cheapest: money(cheapest.value), weight: kg(cheapest.weight) })}
    </p>
  );
}

async function RouteScreen(props: { locale: Locale; from: string; to: string; carrier?: string; ratingCountry: string; t: Translate; query: string; phrase: string; countries: CountryOption[]; after?: ReactNode }) {
  const { locale, from, to, t, phrase } = props;
  const { territory } = requestInfo();
  const carriers = props.carrier ? [props.carrier] : PRICE_LIST_CARRIERS[territory];
  const [table, rating] = await Promise.all([
    loadCarrierTable(from, to, carriers),
    apiGetOptional<AggregateRating>(`/v1/app/pricelist-rating?country=${encodeURIComponent(props.ratingCountry)}`),
  ]);
  const promo = promoPrice(props.query);
  const customs = needsCustoms(from, to);
  return (
    <>
      {promo !== null ? <PromoBanner price={promo} table={table} locale={locale} t={t} phrase={phrase} /> : null}
      <section aria-labelledby="price-list-table">
        <h2 id="price-list-table">{t('prices.table.title', { route: phrase })}</h2>
        {table && table.columns.length > 0 ? (
          <PriceTable table={table} caption={t('prices.table.caption', { route: phrase })} locale={locale} t={t} />
        ) : table ? (
          <p className="price-list-notice" data-testid="price-list-empty">
            {t('prices.table.empty')}
          </p>
        ) : (
          <p className="price-list-notice error" role="alert" data-testid="price-list-error">
            {t('prices.table.error')}
          </p>
        )}
        <ul className="price-list-notes">
          <li>{t(territory === 'sk' ? 'prices.note.vatSk' : 'prices.note.vatCz')}</li>
          <li>{t('prices.note.parcel')}</li>
          <li>{t('prices.note.transit')}</li>
          {customs ? <li data-testid="customs-note">{t('prices.note.customs')}</li> : null}
        </ul>
      </section>
      {rating && rating.total > 0 ? (
        <section aria-labelledby="price-list-rating">
          <h2 id="price-list-rating">{t('prices.rating.title')}</h2>
          <p className="price-list-rating" data-testid="price-list-rating">
            <span className="stars" aria-hidden="true">
              {'★'.repeat(Math.round(rating.avg))}
            </span>
            <span>{t('prices.rating.text', { avg: formatNumber(rating.avg, locale, { maximumFractionDigits: 1 }), total: rating.total })}</span>
          </p>
          <JsonLd
            data={{
              '@context': 'https://schema.org',
              '@type': 'Service',
              name: t('prices.route.serviceName', { route: phrase }),
              serviceType: t('prices.route.serviceType'),
              provider: { '@type': 'Organization', name: t('app.name') },
              aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(rating.avg * 10) / 10, reviewCount: rating.total, bestRating: 5, worstRating: 1 },
            }}
          />
        </section>
      ) : null}
      {props.after}
      <QuoteSection locale={locale} from={from} to={to} t={t} countries={props.countries} />
    </>
  );
}

// ---- the pages ----

/** /ceniky/balik-do-nemecka, /en/services/package-to-germany, /cenniky/balik-zo-slovenska … */
export async function CountryPriceListPage({ locale, params, query }: PageProps<'price-list-country'>) {
  // /ceniky/<Czech slug> speaks Slovak on the Slovak site (src/edge/locale.ts): its slug stays Czech
  const parsed = parseCountrySlug(params.slug, locale) ?? (locale === 'sk' && !requestData().path?.startsWith('/cenniky') ? parseCountrySlug(params.slug, 'cs') : null);
  if (!parsed) return <NotFoundPage />;
  const t = translator(locale);
  const { territory } = requestInfo();
  const home = homeOf(territory);
  const { code, direction } = parsed;
  const other = code === home ? partnerOf(home) : home;
  const [from, to] = direction === 'to' ? [other, code] : [code, other];
  const countries = await quoteCountries();
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const phrase = routePhrase(from, to, locale, t, names);
  const heading = countryTitle(code, direction, locale, t);
  const continent = continentPage(code);
  const parent: PriceListId = direction === 'from' ? 'price-list-import' : continent ?? 'price-list-abroad';
  const crumbs = [overviewCrumb(locale, t), { name: title(t, parent), path: pathOf(parent, locale) }, { name: heading, path: countryHref(code, direction, locale) }];
  const reverse = direction === 'to' ? 'from' : 'to';
  const reverseTitle = countryTitle(code, reverse, locale, t);
  return (
    <Shell id="price-list-country" locale={locale} t={t} title={heading} description={t('prices.country.description', { route: phrase })} crumbs={crumbs}>
      <p className="lead">{t('prices.country.lead', { route: phrase })}</p>
      {(NAMED_PRICE_LIST_COUNTRIES as readonly string[]).includes(code) ? <p data-testid="named-tip">{t(`prices.named.${code}` as MessageId)}</p> : null}
      <RouteScreen
        locale={locale}
        from={from}
        to={to}
        ratingCountry={code}
        t={t}
        query={query}
        phrase={phrase}
        countries={countries}
        after={
          <section aria-labelledby="price-list-more">
            <h2 id="price-list-more">{t('prices.more')}</h2>
            <ul className="price-list-links">
              <li>
                <a href={countryHref(code, reverse, locale)}>{reverseTitle}</a>
              </li>
              <li>
                <a href={pathOf(parent, locale)}>{title(t, parent)}</a>
              </li>
              <li>
                <a href={pathOf('price-lists', locale)}>{title(t, 'price-lists')}</a>
              </li>
            </ul>
          </section>
        }
      />
    </Shell>
  );
}

/** /ceniky/balik-po-ceske-republice: CZ → CZ */
export async function DomesticPriceListPage({ locale, query }: PageProps<'price-list-domestic'>) {
  const t = translator(locale);
  const heading = title(t, 'price-list-domestic');
  const countries = await quoteCountries();
  return (
    <Shell id="price-list-domestic" locale={locale} t={t} title={heading} description={t('prices.domestic.description')} crumbs={[overviewCrumb(locale, t), { name: heading, path: pathOf('price-list-domestic', locale) }]}>
      <p className="lead">{t('prices.domestic.lead')}</p>
      <RouteScreen locale={locale} from="cz" to="cz" ratingCountry="cz" t={t} query={query} phrase={t('prices.domestic.phrase')} countries={countries} />
    </Shell>
  );
}

const TWO_LETTERS = /^[a-z]{2}$/;

/** /ceniky/:from/:to/:carrier?: two-letter codes, one end in CZ or SK; anything else is a 404 */
export async function RoutePriceListPage({ id, locale, params, query }: PageProps<'price-list-route' | 'price-list-route-carrier'>) {
  const from = params.from.toLowerCase();
  const to = params.to.toLowerCase();
  const carrier = 'carrier' in params ? (params as { carrier: string }).carrier.toLowerCase() : undefined;
  const { territory } = requestInfo();
  const countries = await quoteCountries();
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const valid =
    TWO_LETTERS.test(from) &&
    TWO_LETTERS.test(to) &&
    // countries with a page are known even when the country list cannot be loaded
    (PRICE_LIST_COUNTRY_CODES.includes(from) || names.has(from)) &&
    (PRICE_LIST_COUNTRY_CODES.includes(to) || names.has(to)) &&
    (['cz', 'sk'].includes(from) || ['cz', 'sk'].includes(to)) &&
    (carrier === undefined || PRICE_LIST_CARRIERS[territory].includes(carrier));
  if (!valid) return <NotFoundPage />;
  const t = translator(locale);
  const phrase = routePhrase(from, to, locale, t, names);
  const heading = carrier ? t('prices.route.titleCarrier', { route: phrase, carrier: CARRIER_NAMES[carrier] ?? carrier }) : t('prices.route.title', { route: phrase });
  const path = pathOf(id, locale, params as Record<string, string>);
  const foreign = from === homeOf(territory) ? to : from;
  return (
    <Shell id={id} locale={locale} t={t} title={heading} description={t('prices.route.description', { route: phrase })} crumbs={[overviewCrumb(locale, t), { name: heading, path }]}>
      <meta name="robots" content="noindex" />
      <p className="lead">{t('prices.route.lead', { route: phrase })}</p>
      <RouteScreen locale={locale} from={from} to={to} carrier={carrier} ratingCountry={foreign} t={t} query={query} phrase={phrase} countries={countries} />
    </Shell>
  );
}

/** Europe, Asia, Africa, North and South America, Australia and Oceania: every country from 1 kg */
export async function ContinentPriceListPage({ id, locale }: PageProps<ContinentId>) {
  const t = translator(locale);
  const { territory } = requestInfo();
  const home = homeOf(territory);
  const codes = sortByName(
    PRICE_LIST_COUNTRY_CODES.filter((c) => c !== home && continentOf(c) === CONTINENTS[id]),
    locale,
  );
  const { cells, failed } = await loadCheapest(codes.map((to) => ({ from: home, to })), 1);
  const heading = title(t, id);
  return (
    <Shell id={id} locale={locale} t={t} title={heading} description={t(`prices.continent.description.${id}` as MessageId)} crumbs={[overviewCrumb(locale, t), { name: heading, path: pathOf(id, locale) }]}>
      <p className="lead">{t('prices.continent.lead', { count: codes.length, from: homePhrase(home, 'from', locale) })}</p>
      {failed ? (
        <p className="price-list-notice error" role="alert" data-testid="price-list-error">
          {t('prices.list.error')}
        </p>
      ) : null}
      <section aria-labelledby="continent-countries">
        <h2 id="continent-countries">{t('prices.continent.countries')}</h2>
        <CountryPrices codes={codes} direction="to" home={home} locale={locale} t={t} cells={cells} />
        <ul className="price-list-notes">
          <li>{t('prices.list.note')}</li>
        </ul>
      </section>
      <section aria-labelledby="continent-others">
        <h2 id="continent-others">{t('prices.continents')}</h2>
        <ListLinks ids={CONTINENT_IDS.filter((c) => c !== id)} locale={locale} t={t} />
      </section>
      <QuoteSection locale={locale} from={home} t={t} />
    </Shell>
  );
}

const POPULAR_ABROAD = ['sk', 'cz', 'de', 'at', 'pl', 'hu', 'gb', 'us', 'fr', 'it', 'nl', 'es'];
const POPULAR_IMPORT = ['sk', 'cz', 'de', 'at', 'pl', 'gb', 'us', 'ch', 'it', 'fr', 'nl', 'es'];

/** /ceniky/balik-do-zahranici and /ceniky/balik-ze-zahranici: popular countries priced, every country linked */
export async function AbroadPriceListPage({ id, locale }: PageProps<'price-list-abroad' | 'price-list-import'>) {
  const t = translator(locale);
  const { territory } = requestInfo();
  const home = homeOf(territory);
  const direction: Direction = id === 'price-list-abroad' ? 'to' : 'from';
  const popular = (direction === 'to' ? POPULAR_ABROAD : POPULAR_IMPORT).filter((c) => c !== home);
  const routes = popular.map((c) => (direction === 'to' ? { from: home, to: c } : { from: c, to: home }));
  const { cells, failed } = await loadCheapest(routes, 1);
  const heading = title(t, id);
  const all = sortByName(
    PRICE_LIST_COUNTRY_CODES.filter((c) => c !== home),
    locale,
  );
  return (
    <Shell id={id} locale={locale} t={t} title={heading} description={t(`prices.${direction === 'to' ? 'abroad' : 'import'}.description`)} crumbs={[overviewCrumb(locale, t), { name: heading, path: pathOf(id, locale) }]}>
      <p className="lead">{t(direction === 'to' ? 'prices.abroad.lead' : 'prices.import.lead', { from: homePhrase(home, 'from', locale), to: homePhrase(home, 'to', locale) })}</p>
      {failed ? (
        <p className="price-list-notice error" role="alert" data-testid="price-list-error">
          {t('prices.list.error')}
        </p>
      ) : null}
      <section aria-labelledby="abroad-popular">
        <h2 id="abroad-popular">{t('prices.popular')}</h2>
        <CountryPrices codes={popular} direction={direction} home={home} locale={locale} t={t} cells={cells} />
        <ul className="price-list-notes">
          <li>{t('prices.list.note')}</li>
          <li>{t('prices.note.customsShort')}</li>
        </ul>
      </section>
      {direction === 'to' ? (
        <section aria-labelledby="abroad-continents">
          <h2 id="abroad-continents">{t('prices.continents')}</h2>
          <ListLinks ids={CONTINENT_IDS} locale={locale} t={t} />
        </section>
      ) : null}
      <section aria-labelledby="abroad-all">
        <h2 id="abroad-all">{t('prices.allCountries')}</h2>
        <CountryLinks codes={all} direction={direction} locale={locale} />
      </section>
      <QuoteSection locale={locale} from={direction === 'to' ? home : undefined} to={direction === 'from' ? home : undefined} t={t} />
    </Shell>
  );
}

/** /ceniky: where every price list is, with the named countries priced */
export async function PriceListsPage({ locale }: PageProps<'price-lists'>) {
  const t = translator(locale);
  const { territory } = requestInfo();
  const home = homeOf(territory);
  const named = NAMED_PRICE_LIST_COUNTRIES.filter((c) => c !== home);
  const { cells, failed } = await loadCheapest(
    named.map((to) => ({ from: home, to })),
    1,
  );
  const heading = title(t, 'price-lists');
  return (
    <Shell id="price-lists" locale={locale} t={t} title={heading} description={t('prices.overview.description')} crumbs={[overviewCrumb(locale, t)]}>
      <p className="lead">{t('prices.overview.lead')}</p>
      {failed ? (
        <p className="price-list-notice error" role="alert" data-testid="price-list-error">
          {t('prices.list.error')}
        </p>
      ) : null}
      <section aria-labelledby="overview-named">
        <h2 id="overview-named">{t('prices.overview.named', { from: homePhrase(home, 'from', locale) })}</h2>
        <CountryPrices codes={[...named]} direction="to" home={home} locale={locale} t={t} cells={cells} />
        <ul className="price-list-notes">
          <li>{t('prices.list.note')}</li>
        </ul>
      </section>
      <section aria-labelledby="overview-import">
        <h2 id="overview-import">{t('prices.overview.import', { to: homePhrase(home, 'to', locale) })}</h2>
        <CountryLinks codes={[...named]} direction="from" locale={locale} />
      </section>
      <section aria-labelledby="overview-continents">
        <h2 id="overview-continents">{t('prices.continents')}</h2>
        <ListLinks ids={CONTINENT_IDS} locale={locale} t={t} />
      </section>
      <section aria-labelledby="overview-other">
        <h2 id="overview-other">{t('prices.overview.other')}</h2>
        <ListLinks ids={otherLists} locale={locale} t={t} />
      </section>
      <QuoteSection locale={locale} from={home} t={t} />
    </Shell>
  );
}

/** /ceniky/balik-na-dobirku: which carrier services collect cash on delivery, the fee and the limit */
export async function CodPriceListPage({ locale }: PageProps<'price-list-cod'>) {
  const t = translator(locale);
  const heading = title(t, 'price-list-cod');
  const res = await apiCall<CodOverview>('GET', '/v1/price-lists/cod').catch(() => null);
  const routeName = (r: string) => t(`prices.cod.route.${r}` as MessageId);
  const partner = partnerOf(homeOf(requestInfo().territory));
  return (
    <Shell id="price-list-cod" locale={locale} t={t} title={heading} description={t('prices.cod.description')} crumbs={[overviewCrumb(locale, t), { name: heading, path: pathOf('price-list-cod', locale) }]}>
      <p className="lead">{t('prices.cod.lead')}</p>
      <section aria-labelledby="cod-table">
        <h2 id="cod-table">{t('prices.cod.tableTitle')}</h2>
        {res?.ok ? (
          <div className="price-table-wrap" role="region" aria-label={t('prices.cod.tableTitle')} tabIndex={0}>
            <table className="price-table cod-table" data-testid="cod-table">
              <caption>{t('prices.cod.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('prices.cod.carrier')}</th>
                  <th scope="col">{t('prices.cod.routes')}</th>
                  <th scope="col">{t('prices.cod.fee')}</th>
                  <th scope="col">{t('prices.cod.max')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.services.map((s) => (
                  <tr key={`${s.carrier.code}-${s.service}`}>
                    <th scope="row">
                      {CARRIER_NAMES[s.carrier.code] ?? s.carrier.name} {s.service}
                    </th>
                    <td>{s.routes.map(routeName).join(', ')}</td>
                    <td>
                      {formatMoney(s.feeVat.value, s.feeVat.currency, locale)}
                      {s.percent > 0 ? ` + ${formatNumber(s.percent, locale)} %` : ''}
                    </td>
                    <td>{formatMoney(s.max.value, s.max.currency, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="price-list-notice error" role="alert" data-testid="price-list-error">
            {t('prices.table.error')}
          </p>
        )}
        <ul className="price-list-notes">
          <li>{t('prices.cod.noteVat', { vat: res?.ok ? res.data.vatPercent : 21 })}</li>
          <li>{t('prices.cod.noteCurrency')}</li>
          <li>{t('prices.cod.noteAbroad')}</li>
        </ul>
      </section>
      <section aria-labelledby="cod-more">
        <h2 id="cod-more">{t('prices.more')}</h2>
        <ul className="price-list-links">
          <li>
            <a href={href('cash-on-delivery', linkLocale(locale))}>{t('prices.cod.howTo')}</a>
          </li>
          <li>
            <a href={pathOf('price-list-domestic', locale)}>{title(t, 'price-list-domestic')}</a>
          </li>
          <li>
            <a href={countryHref(partner, 'to', locale)}>{countryTitle(partner, 'to', locale, t)}</a>
          </li>
        </ul>
      </section>
      <QuoteSection locale={locale} t={t} />
    </Shell>
  );
}
