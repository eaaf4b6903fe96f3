import { Link } from 'waku';
import type { Translate } from '../../../i18n';
import { SHIPMENT_STATUS_FILTERS } from '../../../lib/schemas/client-shipments';
import { countryName } from '../../cart/cart-lines';
import { href, type PageLocale } from '../../../routes';
import type { ClientVersion } from '../section';
import { LabelForm } from './label-form';
import { dayText, ShipmentStatus, type LinkTarget } from './parts';
import type { ShipmentEntry, ShipmentListMeta } from './types';
import { carrierDisplayName } from '../../../server/carriers/names';

/**
 * The shipments screen (v1 and v2): search and filters as a GET form, the table (cards on a
 * phone) inside the form that prints the chosen labels, and the pager. All of it works
 * without JavaScript; a tracking number opens the v2 detail, or in v1 the tracking page.
 */
export type ShipmentFilters = { q: string; status: string; carrier: string; from: string; to: string };

export function ShipmentFiltersForm({ action, filters, errors, carriers, active, t }: { action: LinkTarget; filters: ShipmentFilters; errors: Partial<Record<keyof ShipmentFilters, string>>; carriers: ShipmentListMeta['carriers']; active: boolean; t: Translate }) {
  const options = filters.carrier && !carriers.some((c) => c.code === filters.carrier) ? [...carriers, { code: filters.carrier, name: filters.carrier.toUpperCase() }] : carriers;
  const problems = Object.entries(errors);
  return (
    <form method="get" action={action} className="sh-filters" role="search" aria-label={t('shipments.filter.title')} data-testid="shipment-filters">
      <label className="sh-q">
        {t('shipments.filter.q')}
        <input type="search" name="q" defaultValue={filters.q} maxLength={100} aria-describedby="sh-q-hint" />
        <span id="sh-q-hint" className="muted sh-hint">
          {t('shipments.filter.qHint')}
        </span>
      </label>
      <label>
        {t('shipments.filter.status')}
        <select name="status" defaultValue={filters.status}>
          <option value="">{t('shipments.filter.any')}</option>
          {SHIPMENT_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(`tracking.status.${status}` as never)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('shipments.filter.carrier')}
        <select name="carrier" defaultValue={filters.carrier}>
          <option value="">{t('shipments.filter.any')}</option>
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('shipments.filter.from')}
        <input type="date" name="from" defaultValue={filters.from} aria-invalid={errors.from ? true : undefined} />
      </label>
      <label>
        {t('shipments.filter.to')}
        <input type="date" name="to" defaultValue={filters.to} aria-invalid={errors.to ? true : undefined} />
      </label>
      {problems.map(([field, code]) => (
        <p key={field} className="field-error sh-filter-error" role="alert" data-field={field}>
          {t('shipments.filter.invalid', { reason: `${t(`shipments.filter.${field}` as never)}: ${t(code as never)}` })}
        </p>
      ))}
      <div className="sh-filter-actions">
        <button type="submit" className="button primary">
          {t('shipments.filter.submit')}
        </button>
        {active ? <Link to={action}>{t('shipments.filter.clear')}</Link> : null}
      </div>
    </form>
  );
}

export function ShipmentTable({ entries, version, locale, t }: { entries: ShipmentEntry[]; version: ClientVersion; locale: PageLocale; t: Translate }) {
  const numberHref = (e: ShipmentEntry) => (version === 'v2' ? href('klient-v2-zasilka', locale, { id: String(e.id) }) : href('tracking-result', locale, { id: e.tracking_number }));
  const label = {
    select: t('shipments.table.select'),
    number: t('shipments.table.number'),
    recipient: t('shipments.table.recipient'),
    route: t('shipments.table.route'),
    carrier: t('shipments.table.carrier'),
    status: t('shipments.table.status'),
    date: t('shipments.table.date'),
  };
  return (
    <LabelForm selectable={entries.filter((e) => e.has_label).length}>
      <table className="sh-table" data-testid="shipments-table">
        <caption className="visually-hidden">{t('shipments.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{label.select}</span>
            </th>
            <th scope="col">{label.number}</th>
            <th scope="col">{label.recipient}</th>
            <th scope="col">{label.route}</th>
            <th scope="col">{label.carrier}</th>
            <th scope="col">{label.status}</th>
            <th scope="col">{label.date}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="shipment-row" data-id={e.id}>
              <td className="sh-check">
                {e.has_label ? (
                  <input type="checkbox" name="ids" value={e.id} aria-label={t('shipments.table.selectOne', { number: e.tracking_number })} />
                ) : (
                  <span className="visually-hidden">{t('shipments.labels.noLabel')}</span>
                )}
              </td>
              <td className="sh-number" data-label={label.number}>
                <span>
                  <Link to={numberHref(e)} data-testid="shipment-link">
                    {e.tracking_number}
                  </Link>
                  <small>
                    <Link to={href('order', locale, { token: e.order })}>{t('shipments.table.order', { number: e.order_number })}</Link>
                  </small>
                </span>
              </td>
              <td data-label={label.recipient}>
                <span>
                  {e.to.name}
                  <small>{e.to.street}</small>
                </span>
              </td>
              <td data-label={label.route}>
                <span>
                  {e.from.city} → {e.to.city}
                  {e.from.country !== e.to.country ? (
                    <small>
                      {countryName(e.from.country, locale)} → {countryName(e.to.country, locale)}
                    </small>
                  ) : null}
                </span>
              </td>
              <td data-label={label.carrier}>{carrierDisplayName(e.carrier, undefined, locale)}</td>
              <td data-label={label.status}>
                <span>
                  <ShipmentStatus status={e.status} t={t} />
                </span>
              </td>
              <td data-label={label.date}>{dayText(e.created_at, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </LabelForm>
  );
}

