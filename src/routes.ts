// THE route table (spec §2): every route id with its Czech and English path, the layout
// it renders in and, for price lists, the Slovak path. Isomorphic: pages, links, the
// locale switcher, the edge middleware and the tests all read it.
/** the languages with paths of their own (Slovak only under /cenniky) */
export const LOCALES = ['cs', 'en', 'sk'] as const;
/**
 * Languages a page can be in: the path ones plus es, which (like sk) root paths speak when
 * the visitor chose it (spec §1: sk and es are partial; see src/edge/locale.ts pageLocale).
 */
export type Locale = (typeof LOCALES)[number] | 'es';
/** locales every route has a path in; sk paths exist only where a route defines one */
export const PAGE_LOCALES = ['cs', 'en'] as const;
/**
 * The language of a page's texts and links: Czech and English, and Slovak (the Slovak site's
 * root paths and /cenniky). A Slovak page links to the route's Slovak path where it has one
 * (/cenniky), else to its Czech path, which speaks Slovak again (src/edge/locale.ts pageLocale).
 */
export type PageLocale = (typeof PAGE_LOCALES)[number] | 'sk';

export type LayoutGroup = 'default' | 'business' | 'client' | 'configurator' | 'empty' | 'external';

type Path = `/${string}`;
type RouteDef = { cs: Path; en: Path; sk?: Path; layout: LayoutGroup };

const page =
  <G extends LayoutGroup>(layout: G) =>
  <C extends Path, E extends Path>(cs: C, en: E) =>
    ({ cs, en, layout }) as const;
const info = page('default');
const biz = page('business');
const client = page('client');
const step = page('configurator');
const prices = <C extends Path, E extends Path, S extends Path>(cs: C, en: E, sk: S) =>
  ({ cs, en, sk, layout: 'default' }) as const;

export const routes = {
  // §2.1 information pages
  home: info('/', '/en'),
  faq: info('/casto-kladene-otazky', '/en/faq'),
  'faq-category': info('/casto-kladene-otazky/kategorie/[id]', '/en/faq/category/[id]'),
  'faq-search': info('/casto-kladene-otazky/vyhledat', '/en/faq/search'),
  'dpd-abroad': info('/dpd-zahranici', '/en/dpd-abroad'),
  guidelines: { cs: '/guidelines', en: '/en/guidelines', layout: 'external' },
  reviews: info('/hodnoceni-zakazniku', '/en/reviews'),
  'how-to-send': info('/jak-poslat-balik', '/en/how-to-send-a-parcel'),
  packaging: info('/jak-spravne-zabalit-balik', '/en/packaging'),
  'single-information-point': info('/jednotne-informacni-misto', '/en/jednotne-informacni-misto'),
  career: info('/kariera', '/en/career'),
  'career-detail': info('/kariera/[id]', '/en/career/[id]'),
  contact: info('/kontakt', '/en/contact'),
  'contact-form': info('/kontaktni-formular', '/en/contact-form'),
  news: info('/novinky', '/en/news'),
  'news-detail': info('/novinky/[token]', '/en/news/[token]'), // a public slug, no capability
  about: info('/o-nas', '/en/about-us'),
  terms: info('/obchodni-podminky', '/en/obchodni-podminky'),
  'prohibited-items': info('/obsah-vylouceny-z-prepravy', '/en/prohibited-items'),
  privacy: info('/ochrana-soukromi', '/en/privacy-policy'),
  'pay-later': info('/platte-s-twistem', '/en/pay-with-twisto'),
  tyres: info('/pneumatiky', '/en/tyres'),
  'tyre-packaging': info('/jak-zabalit-pneumatiky', '/en/tyre-packaging'),
  'ppl-affordable': info('/ppl-vyhodne', '/en/ppl-affordable'),
  claim: info('/reklamace', '/en/claim'),
  'claim-detail': info('/reklamace/[token]', '/en/claim/[token]'), // claim token: whoever filed the claim
  'claims-policy': info('/reklamacni-rad', '/en/claims-policy'),
  'warranty-terms': info('/zarucni-podminky', '/en/warranty-terms'),
  returns: { cs: '/returns', en: '/en/returns', layout: 'external' },
  tracking: info('/sledovani-zasilek', '/en/tracking'),
  'tracking-result': info('/sledovani-zasilek/[id]', '/en/tracking/[id]'),
  'tracking-result-token': info('/sledovani-zasilek/[id]/[token]', '/en/tracking/[id]/[token]'), // recipient token: that parcel with its addresses, nothing of the order
  'personal-data': info('/souhlas-se-zpracovanim-osobnich-udaju', '/en/personal-data-processing'),
  'drop-off-points': info('/vydejni-mista', '/en/drop-off-points'),
  'parcel-points-map': info('/mapa-vydejnich-mist', '/en/parcel-points-map'),
  'cash-on-delivery': info('/dobirka', '/en/cash-on-delivery'),
  webinar: info('/webinar', '/en/webinar'),
  'change-request': info('/zadost-o-zmenu', '/en/request-change'),
  'change-request-detail': info('/zadost-o-zmenu/[trackingNumber]/[token]', '/en/request-change/[trackingNumber]/[token]'), // order token: the orderer
  'data-processing-agreement': info('/zpracovatelska-smlouva', '/en/data-processing-agreement'),
  integrations: info('/integrace', '/en/integrations'),
  'integrations-shoptet': info('/integrace/shoptet', '/en/integrations/shoptet'),

  // §2.2 account and order pages
  login: info('/prihlaseni', '/en/login'),
  'login-token': info('/prihlaseni/[token]', '/en/login/[token]'), // one-time login token: the account's e-mail
  register: info('/registrace', '/en/create-account'),
  'forgotten-password': info('/zapomenute-heslo', '/en/forgotten-password'),
  'set-password': info('/nastavit-heslo/[token]', '/en/set-password/[token]'), // one-time reset token: the account's e-mail
  cart: info('/kosik', '/en/cart'),
  order: info('/objednavka/[token]', '/en/order/[token]'), // order token: the orderer only
  'order-done': info('/objednavka/hotovo/[token]', '/en/order/done/[token]'), // order token
  'rate-shipment': info('/hodnoceni/[token]/[id]', '/en/rate-shipment/[token]/[id]'), // order token: the orderer rates
  nps: { cs: '/nps/[token]', en: '/en/nps/[token]', layout: 'empty' }, // order token
  'activate-contract': info('/aktivace-smlouvy/[token]', '/en/activate-contract/[token]'), // contract activation token (stored hashed): the customer it was sent to
  'client-activate': info('/klient/aktivace/[id]', '/en/client/activate/[id]'),
  'account-disabled': { cs: '/ucet-zablokovan', en: '/en/account-disabled', layout: 'empty' },
  invoice: { cs: '/faktura/[token]', en: '/en/invoice/[token]', layout: 'empty' }, // invoice token: that invoice only

  // §2.3 configurator
  'configurator-carrier': step('/konfigurator/vyber-dopravce', '/en/configurator/pick-a-carrier'),
  'configurator-sender': step('/konfigurator/odesilatel', '/en/configurator/sender'),
  'configurator-recipient': step('/konfigurator/prijemce', '/en/configurator/recipients'),
  'configurator-customs': step('/konfigurator/celni-rizeni', '/en/configurator/customs'),
  'configurator-summary': step('/konfigurator/shrnuti', '/en/configurator/summary'),

  // §2.4 carrier pages
  'carrier-balikovna': info('/dopravce/balikovna', '/en/carrier/balikovna'),
  'carrier-dpd': info('/dopravce/dpd', '/en/carrier/dpd'),
  'carrier-fedex': info('/dopravce/fedex', '/en/carrier/fedex'),
  'carrier-gls': info('/dopravce/gls', '/en/carrier/gls'),
  'carrier-one-by-allegro': info('/dopravce/one-by-allegro', '/en/carrier/one-by-allegro'),
  'carrier-ppl': info('/dopravce/ppl', '/en/carrier/ppl'),
  'carrier-toptrans': info('/dopravce/toptrans', '/en/carrier/toptrans'),
  'carrier-ups': info('/dopravce/ups', '/en/carrier/ups'),

  // §2.5 price lists (Slovak paths under /cenniky)
  'price-lists': prices('/ceniky', '/en/services', '/cenniky'),
  'price-list-africa': prices('/ceniky/afrika', '/en/services/africa', '/cenniky/afrika'),
  'price-list-asia': prices('/ceniky/asie', '/en/services/asia', '/cenniky/azia'),
  'price-list-oceania': prices('/ceniky/australie-a-oceanie', '/en/services/australia-and-oceania', '/cenniky/australia-a-oceania'),
  'price-list-europe': prices('/ceniky/evropa', '/en/services/europe', '/cenniky/europa'),
  'price-list-south-america': prices('/ceniky/jizni-amerika', '/en/services/south-america', '/cenniky/juzna-amerika'),
  'price-list-north-america': prices('/ceniky/severni-amerika', '/en/services/north-america', '/cenniky/severna-amerika'),
  'price-list-abroad': prices('/ceniky/balik-do-zahranici', '/en/services/package-abroad', '/cenniky/balik-do-zahranicia'),
  'price-list-import': prices('/ceniky/balik-ze-zahranici', '/en/services/package-from-abroad', '/cenniky/balik-zo-zahranicia'),
  'price-list-domestic': prices('/ceniky/balik-po-ceske-republice', '/en/services/around-czech-republic', '/cenniky/balik-po-ceskej-republike'),
  'price-list-cod': prices('/ceniky/balik-na-dobirku', '/en/services/cash-on-delivery', '/cenniky/balik-na-dobierku'),
  'price-list-collection-points': prices('/ceniky/sberna-mista', '/en/services/collection-points', '/cenniky/zberne-miesta'),
  'price-list-delivery-points': prices('/ceniky/vydejni-mista', '/en/services/delivery-points', '/cenniky/vydajne-miesta'),
  /** one screen for every country page; the slug carries direction and country (see lib/country-slugs) */
  'price-list-country': prices('/ceniky/[slug]', '/en/services/[slug]', '/cenniky/[slug]'),
  'price-list-route': prices('/ceniky/[from]/[to]', '/en/services/[from]/[to]', '/cenniky/[from]/[to]'),
  'price-list-route-carrier': prices('/ceniky/[from]/[to]/[carrier]', '/en/services/[from]/[to]/[carrier]', '/cenniky/[from]/[to]/[carrier]'),

  // §2.6 business pages
  business: biz('/business', '/en/business'),
  'business-domestic': biz('/business/domestic', '/en/business/domestic'),
  'business-carriers': biz('/business/dopravci', '/en/business/carriers'),
  'business-integrations': biz('/business/integrace', '/en/business/integrations'),
  'business-international': biz('/business/international', '/en/business/international'),
  'business-shipment-manager': biz('/business/manazer-zasilek', '/en/business/shipment-manager'),
  'business-about': biz('/business/onas', '/en/business/about-us'),
  'business-agencies': biz('/business/pro-agentury', '/en/business/for-agencies'),
  'business-eshops': biz('/business/pro-eshopy', '/en/business/for-eshops'),
  'business-small': biz('/business/pro-male-podniky', '/en/business/for-small-businesses'),
  'business-self-employed': biz('/business/pro-zivnostniky', '/en/business/for-self-employed'),
  'business-parcel-points': biz('/business/vydejni-mista', '/en/business/pickup-points'),
  'business-get-offer': biz('/business/ziskat-nabidku', '/en/business/get-offer'),
  'business-integration-base-com': biz('/business/integrace/base-com', '/en/business/integrations/base-com'),
  'business-integration-eshop-rychle': biz('/business/integrace/eshop-rychle', '/en/business/integrations/eshop-rychle'),
  'business-integration-prestashop': biz('/business/integrace/prestashop', '/en/business/integrations/prestashop'),
  'business-integration-shopify': biz('/business/integrace/shopify', '/en/business/integrations/shopify'),
  'business-integration-shoptet': biz('/business/integrace/shoptet', '/en/business/integrations/shoptet'),
  'business-integration-upgates': biz('/business/integrace/upgates', '/en/business/integrations/upgates'),
  'business-integration-webareal': biz('/business/integrace/webareal', '/en/business/integrations/webareal'),
  'business-integration-woocommerce': biz('/business/integrace/woocommerce', '/en/business/integrations/woocommerce'),

  // §2.7 old client section (route names as in the spec: klient-*)
  'klient-prehled': client('/klient/prehled', '/en/client/dashboard'),
  'klient-adresar': client('/klient/adresar', '/en/client/address-book'),
  'klient-adresar-pridat': client('/klient/adresar/pridat', '/en/client/address-book/add'),
  'klient-adresar-smazat': client('/klient/adresar/smazat/[id]', '/en/client/address-book/delete/[id]'),
  'klient-adresar-upravit': client('/klient/adresar/upravit/[id]', '/en/client/address-book/edit/[id]'),
  'klient-adresar-hledat': client('/klient/adresar/hledat', '/en/client/address-book/search'),
  'klient-clear': client('/klient/clear', '/en/client/clear'),
  'klient-faktury': client('/klient/faktury', '/en/client/invoices'),
  'klient-heslo': client('/klient/heslo', '/en/client/password'),
  'klient-import': client('/klient/import', '/en/client/import'),
  'klient-kredit': client('/klient/kredit', '/en/client/credit'),
  'klient-kredit-dobit': client('/klient/kredit/dobit', '/en/client/credit/top-up'),
  'klient-nastaveni': client('/klient/nastaveni', '/en/client/settings'),
  'klient-objednavky': client('/klient/objednavky', '/en/client/orders'),
  'klient-odhlaseni': client('/klient/odhlaseni', '/en/client/logout'),
  'klient-reklamace': client('/klient/reklamace', '/en/client/claims'),
  'klient-smlouvy': client('/klient/smlouvy', '/en/client/contracts'),
  'klient-svozova-mista': client('/klient/svozova-mista', '/en/client/pickup-places'),
  'klient-svozy': client('/klient/svozy', '/en/client/pickups'),
  'klient-zasilky': client('/klient/zasilky', '/en/client/shipments'),

  // §2.7 client section v2
  'klient-v2-prehled': client('/klient/v2/prehled', '/en/klient/v2/prehled'),
  'klient-v2-adresar': client('/klient/v2/adresar', '/en/klient/v2/adresar'),
  'klient-v2-faktury': client('/klient/v2/faktury', '/en/klient/v2/faktury'),
  'klient-v2-nastaveni': client('/klient/v2/nastaveni', '/en/klient/v2/nastaveni'),
  'klient-v2-objednavky': client('/klient/v2/objednavky', '/en/klient/v2/objednavky'),
  'klient-v2-pro-firmy': client('/klient/v2/pro-firmy', '/en/klient/v2/pro-firmy'),
  'klient-v2-zasilky': client('/klient/v2/zasilky', '/en/klient/v2/zasilky'),
  'klient-v2-zasilka': client('/klient/v2/zasilky/[id]', '/en/klient/v2/zasilky/[id]'),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

// ---- type-level helpers (template-literal types) ----
type ParamNames<P extends string> = P extends `${string}[${infer N}]${infer Rest}` ? N | ParamNames<Rest> : never;
type Fill<P extends string> = P extends `${infer A}[${string}]${infer Rest}` ? `${A}${string}${Fill<Rest>}` : P;
export type RouteParams<Id extends RouteId> = { [K in ParamNames<Routes[Id]['cs']>]: string };
type PathOf<Id extends RouteId, L extends Locale> = L extends keyof Routes[Id] ? Routes[Id][L] & string : L extends 'sk' | 'es' ? Routes[Id]['cs'] & string : never;
/** concrete URL shape of a route, e.g. `/en/tracking/${string}` */
export type RoutePath<Id extends RouteId = RouteId, L extends Locale = Locale> = Id extends RouteId
  ? L extends Locale
    ? Fill<PathOf<Id, L>>
    : never
  : never;
type ParamsArg<Id extends RouteId> = [ParamNames<Routes[Id]['cs']>] extends [never] ? [] : [params: RouteParams<Id>];

// compile-time guard: the cs and en patterns of one id have the same params
type Mismatched = {
  [Id in RouteId]: [ParamNames<Routes[Id]['cs']>] extends [ParamNames<Routes[Id]['en']>]
    ? [ParamNames<Routes[Id]['en']>] extends [ParamNames<Routes[Id]['cs']>]
      ? never
      : Id
    : Id;
}[RouteId];
const sameParams: [Mismatched] extends [never] ? true : Mismatched = true;
void sameParams;

// ---- runtime helpers ----
const SLUG = /\[(\w+)\]/g;
export const paramNames = (pattern: string) => [...pattern.matchAll(SLUG)].map((m) => m[1]!);
export const routeIds = Object.keys(routes) as RouteId[];

/** the path of a route in a locale; routes without a Slovak path fall back to Czech */
export const patternOf = (id: RouteId, locale: Locale): Path => {
  const def: RouteDef = routes[id];
  return (locale === 'sk' ? def.sk ?? def.cs : locale === 'es' ? def.cs : def[locale]) as Path;
};

const fill = (pattern: string, params: Record<string, string> = {}) =>
  pattern.replace(SLUG, (_, k: string) => encodeURIComponent(params[k] ?? ''));

export function href<Id extends RouteId, L extends PageLocale>(id: Id, locale: L, ...[params]: ParamsArg<Id>): RoutePath<Id, L> {
  return fill(patternOf(id, locale), params as Record<string, string>) as RoutePath<Id, L>;
}

/** locale given by a path's prefix: /en → en, /cenniky → sk, anything else cs */
export const localeOfPath = (pathname: string): Locale => {
  if (pathname === '/en' || pathname.startsWith('/en/')) return 'en';
  if (pathname === '/cenniky' || pathname.startsWith('/cenniky/')) return 'sk';
  return 'cs';
};

export type Match = { id: RouteId; locale: Locale; params: Record<string, string> };

const splitPath = (p: string) => p.split('/').filter(Boolean);

/** every registered (id, locale, pattern); literal segments are matched before params */
export const routeEntries = routeIds.flatMap((id) =>
  LOCALES.filter((l) => l !== 'sk' || (routes[id] as RouteDef).sk).map((locale) => ({ id, locale, pattern: patternOf(id, locale) })),
);

const specificity = (segs: string[]) => segs.map((s) => (s.startsWith('[') ? '1' : '0')).join('');
/**
 * in matching order, each pattern split once (a page matches its path a few times per request);
 * made on the first match, not at module load (every client island imports this module for href)
 */
let orderedEntries: ((typeof routeEntries)[number] & { segs: string[] })[] | undefined;
const matchingOrder = () =>
  (orderedEntries ??= routeEntries
    .map((entry) => {
      const segs = splitPath(entry.pattern);
      return { ...entry, segs, key: specificity(segs) };
    })
    // '0'/'1' keys: code-unit order (a stable sort keeps the table's order among equals)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key: _key, ...entry }) => entry));

/** pathname → { id, locale, params } */
export function matchRoute(pathname: string): Match | null {
  const parts = splitPath(pathname);
  for (const { id, locale, segs } of matchingOrder()) {
    if (segs.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = segs.every((s, i) => {
      if (!s.startsWith('[')) return s === parts[i];
      try {
        params[s.slice(1, -1)] = decodeURIComponent(parts[i]!);
      } catch {
        return false;
      }
      return true;
    });
    if (ok) return { id, locale, params };
  }
  return null;
}

/** the same route in another language (the locale switcher); unknown paths go home */
export function switchLocale(pathname: string, to: PageLocale): string {
  const m = matchRoute(pathname);
  return m ? fill(patternOf(m.id, to), m.params) : patternOf('home', to);
}

// Waku's <Link to> / useRouter().push() accept only these (plus ?query / #hash)
declare module 'waku/router' {
  interface RouteConfig {
    paths: RoutePath | '/404';
  }
}
