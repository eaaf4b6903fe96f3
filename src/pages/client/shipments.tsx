import * as v from 'valibot';
import { Link } from 'waku';
import { apiCall } from '../../api/server';
import { OrderList, OrderTiles } from '../../components/client/shipments/orders-list';
import { formatNumber } from '../../lib/format';
import { decodeCursor, pagerPages } from '../../lib/paging';
import { Pager, pageOf, ShipmentsTabs, withQuery } from '../../components/client/shipments/parts';
import { ShipmentDetail } from '../../components/client/shipments/shipment-detail';
import { ShipmentFiltersForm, ShipmentTable, type ShipmentFilters } from '../../components/client/shipments/shipments-list';
import type { OrdersMeta, OrderSummary, ShipmentDetailData, ShipmentEntry, ShipmentListMeta } from '../../components/client/shipments/types';
import { ViewModeSwitch } from '../../components/client/shipments/view-mode';
import { ClientPage, clientHref, versionOf } from '../../components/client/section';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages, translator, type Translate } from '../../i18n';
import { ORDERS_PAGE_SIZE, ORDERS_VIEW_MODES, ordersViewModeOf, SHIPMENTS_PAGE_SIZE, ShipmentListQuerySchema, type OrdersViewMode } from '../../lib/schemas/client-shipments';
import { href } from '../../routes';
import { NotFoundPage } from '../not-found';
import type { PageProps } from '../types';

/**
 * The client section's shipments and orders (issue 12, spec §2.7): the shipments list with
 * search, filters, paging and many labels on one A4 (v1 klient-zasilky, v2 klient-v2-zasilky),
 * one shipment (v2 klient-v2-zasilka) and the orders as tiles or a list (klient-objednavky,
 * klient-v2-objednavky). Lists, filters and the label form work without JavaScript.
 */

const ISLAND = ['shipments.'];

/** ?after= of a list's next link (the API's keyset cursor): a deep page reads no rows before it; a bad one falls back to ?page= */
const afterOf = (params: URLSearchParams) => {
  const after = params.get('after')?.trim() ?? '';
  return decodeCursor(after) ? after : null;
};
const FILTER_FIELDS = ['q', 'status', 'carrier', 'from', 'to'] as const;

/** the filters of the URL, each checked with the API's own schema; a bad one is named and left out */
function filtersOf(params: URLSearchParams): { filters: ShipmentFilters; valid: Partial<ShipmentFilters>; errors: Partial<Record<keyof ShipmentFilters, string>> } {
  const filters = Object.fromEntries(FILTER_FIELDS.map((f) => [f, params.get(f)?.trim() ?? ''])) as ShipmentFilters;
  const result = v.safeParse(ShipmentListQuerySchema, filters);
  const errors: Partial<Record<keyof ShipmentFilters, string>> = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const field = issue.path?.[0]?.key as keyof ShipmentFilters | undefined;
      if (field && FILTER_FIELDS.includes(field)) errors[field] ??= ['validation.date', 'validation.date_range', 'validation.too_long'].includes(issue.message) ? `shipments.error.${issue.message}` : 'shipments.error.other';
    }
  }
  const valid = Object.fromEntries(FILTER_FIELDS.filter((f) => filters[f] !== '' && !errors[f]).map((f) => [f, filters[f]]));
  return { filters, valid, errors };
}

function LoadFailed({ t }: { t: Translate }) {
  return (
    <p className="notice" role="alert">
      {t('shipments.error.load')}
    </p>
  );
}

/** klient-zasilky and klient-v2-zasilky */
export async function ShipmentsPage({ id, locale, query }: PageProps<'klient-zasilky'> | PageProps<'klient-v2-zasilky'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const version = versionOf(id);
  const params = new URLSearchParams(query);
  const page = pageOf(params);
  const { filters, valid, errors } = filtersOf(params);
  const path = clientHref('shipments', version, l);
  const after = afterOf(params);
  const res = await apiCall<ShipmentEntry[]>('GET', withQuery('/v1/shipments/list', { ...valid, limit: SHIPMENTS_PAGE_SIZE, ...(after ? { after } : { offset: (page - 1) * SHIPMENTS_PAGE_SIZE }) }) as `/v1/${string}`);
  const meta = res.ok ? (res.meta as ShipmentListMeta) : null;
  const entries = res.ok ? res.data : [];
  const active = Object.keys(valid).length > 0;
  // a filtered total past FILTERED_TOTAL_MAX is "at least": the pager then names no last page
  const { pages, open } = meta ? pagerPages({ total: meta.total, exact: meta.total_exact !== false, page, size: SHIPMENTS_PAGE_SIZE, hasNext: meta.next !== null }) : { pages: 0, open: false };
  return (
    <ClientPage
      id={id}
      locale={locale}
      actions={
        version === 'v2' ? (
          <Link to={href('klient-import', l)} className="button" data-testid="import-link">
            {t('shipments.import')}
          </Link>
        ) : null
      }
    >
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <ShipmentsTabs version={version} locale={l} current="shipments" t={t} />
        <ShipmentFiltersForm action={path} filters={filters} errors={errors} carriers={meta?.carriers ?? []} active={active || Object.keys(errors).length > 0} t={t} />
        {!res.ok ? (
          <LoadFailed t={t} />
        ) : entries.length === 0 ? (
          <div className="sh-empty" data-testid="shipments-empty">
            <p>
              <strong>{t(active ? 'shipments.noMatch.title' : 'shipments.empty.title')}</strong>
            </p>
            <p className="muted">{t(active ? 'shipments.noMatch.text' : 'shipments.empty.text')}</p>
            {active ? <Link to={path}>{t('shipments.filter.clear')}</Link> : <Link to={href('home', l)} className="button primary">{t('shipments.send')}</Link>}
          </div>
        ) : (
          <>
            <div className="sh-head-row">
              <p className="sh-count muted" data-testid="shipments-count">
                {meta!.total_exact === false ? t('shipments.countAtLeast', { count: formatNumber(meta!.total, l) }) : t('shipments.count', { count: meta!.total })}
              </p>
            </div>
            <ShipmentTable entries={entries} version={version} locale={l} t={t} />
            <Pager page={page} pages={pages} open={open} hrefOf={(n) => withQuery(path, { ...valid, page: n, after: n === page + 1 ? meta!.next : null })} t={t} />
          </>
        )}
      </MessagesProvider>
    </ClientPage>
  );
}

/** klient-v2-zasilka: one of the user's shipments; another user's, a missing or a malformed id shows the site's 404 page */
export async function ShipmentDetailPage({ id, locale, params }: PageProps<'klient-v2-zasilka'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  // the 404 page's content, as the order, invoice and claim pages answer a missing token: Waku's
  // unstable_notFound() thrown here ends in the error boundary instead (the RSC error reaches the client)
  if (!/^\d{1,12}$/.test(params.id)) return <NotFoundPage />;
  const res = await apiCall<ShipmentDetailData>('GET', `/v1/shipments/${params.id}`);
  if (!res.ok && res.status === 404) return <NotFoundPage />;
  if (!res.ok) throw new Error(`the shipment answered ${res.status}`);
  return (
    <ClientPage id={id} locale={locale} title={t('shipments.detail.title', { number: res.data.tracking_number })}>
      <ShipmentsTabs version="v2" locale={l} current="shipments" t={t} />
      <ShipmentDetail data={res.data} locale={l} t={t} />
    </ClientPage>
  );
}

/** klient-objednavky and klient-v2-objednavky: tiles unless the user chose the list (stored in the settings; ?view= for this page only) */
export async function OrdersPage({ id, locale, query }: PageProps<'klient-objednavky'> | PageProps<'klient-v2-objednavky'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const version = versionOf(id);
  const params = new URLSearchParams(query);
  const page = pageOf(params);
  const path = clientHref('orders', version, l);
  const after = afterOf(params);
  const res = await apiCall<OrderSummary[]>('GET', withQuery('/v1/orders', { limit: ORDERS_PAGE_SIZE, ...(after ? { after } : { offset: (page - 1) * ORDERS_PAGE_SIZE }) }) as `/v1/${string}`);
  const meta = res.ok ? (res.meta as OrdersMeta) : null;
  const asked = params.get('view');
  const view: OrdersViewMode = asked && (ORDERS_VIEW_MODES as readonly string[]).includes(asked) ? (asked as OrdersViewMode) : ordersViewModeOf(meta?.view_mode);
  const links = Object.fromEntries(ORDERS_VIEW_MODES.map((mode) => [mode, withQuery(path, { view: mode, page })])) as Record<OrdersViewMode, string>;
  const orders = res.ok ? res.data : [];
  const pages = meta ? Math.ceil(meta.total / ORDERS_PAGE_SIZE) : 0;
  return (
    <ClientPage id={id} locale={locale} title={t('route.klient-objednavky')}>
      <MessagesProvider messages={pickMessages(locale, ISLAND)}>
        <ShipmentsTabs version={version} locale={l} current="orders" t={t} />
        {!res.ok ? (
          <LoadFailed t={t} />
        ) : orders.length === 0 ? (
          <div className="sh-empty" data-testid="orders-empty">
            <p>
              <strong>{t('shipments.orders.empty.title')}</strong>
            </p>
            <p className="muted">{t('shipments.orders.empty.text')}</p>
            <Link to={href('home', l)} className="button primary">
              {t('shipments.send')}
            </Link>
          </div>
        ) : (
          <>
            <div className="sh-head-row">
              <p className="sh-count muted">{t('shipments.orders.count', { count: meta!.total })}</p>
              <ViewModeSwitch current={view} links={links} base={withQuery(path, { page })} />
            </div>
            {view === 'list' ? <OrderList orders={orders} locale={l} t={t} /> : <OrderTiles orders={orders} version={version} locale={l} t={t} />}
            <Pager page={page} pages={pages} hrefOf={(n) => withQuery(path, { view: asked === view ? view : null, page: n, after: n === page + 1 ? meta!.next : null })} t={t} />
          </>
        )}
      </MessagesProvider>
    </ClientPage>
  );
}

