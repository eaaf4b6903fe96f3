import { Link } from 'waku';
import type { Translate } from '../../../i18n';
import { formatDay } from '../../../lib/format';
import type { ComponentProps } from 'react';
import type { PageLocale } from '../../../routes';
import { clientHref, type ClientVersion } from '../section';
import './shipments.css';

/** Pieces the shipments, shipment and orders screens share (server-rendered). */

/** where a Link may go: a route's path, with a query */
export type LinkTarget = ComponentProps<typeof Link>['to'];

export const dayText = (iso: string, locale: PageLocale) => formatDay(iso, locale);

/** the two lists of the "Shipments and orders" item of the navigation */
export function ShipmentsTabs({ version, locale, current, t }: { version: ClientVersion; locale: PageLocale; current: 'shipments' | 'orders'; t: Translate }) {
  return (
    <nav className="sh-tabs" aria-label={t('shipments.tabs.label')}>
      {(['shipments', 'orders'] as const).map((area) => (
        <Link key={area} to={clientHref(area, version, locale)} aria-current={area === current ? 'page' : undefined}>
          {t(`shipments.tabs.${area}`)}
        </Link>
      ))}
    </nav>
  );
}

export function ShipmentStatus({ status, t }: { status: string; t: Translate }) {
  return (
    <span className={`sh-status sh-status-${status}`} data-status={status}>
      {t(`tracking.status.${status}` as never)}
    </span>
  );
}

/** Previous · page n of m · Next, as links that keep the filters */
/** `open`: the list's end is not known (a capped total), so no last page is named */
export function Pager({ page, pages, open = false, hrefOf, t }: { page: number; pages: number; open?: boolean; hrefOf: (page: number) => LinkTarget; t: Translate }) {
  if (pages <= 1) return null;
  const step = (target: number, label: string, rel: 'prev' | 'next') =>
    target < 1 || target > pages ? (
      <span aria-disabled="true">{label}</span>
    ) : (
      <Link to={hrefOf(target)} rel={rel}>
        {label}
      </Link>
    );
  return (
    <nav className="sh-pager" aria-label={t('shipments.pager.label')} data-testid="pager">
      {step(page - 1, `‹ ${t('shipments.pager.prev')}`, 'prev')}
      <span>{open ? t('shipments.pager.pageOpen', { page }) : t('shipments.pager.page', { page: Math.min(page, pages), pages })}</span>
      {step(page + 1, `${t('shipments.pager.next')} ›`, 'next')}
    </nav>
  );
}

/** ?page= of a list, 1 when missing or not a page number */
export const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

/** a path with the non-empty parameters */
export const withQuery = <P extends string>(path: P, params: Record<string, string | number | null | undefined>): P | `${P}?${string}` => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '' && !(key === 'page' && value === 1)) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};
