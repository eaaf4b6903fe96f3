import type { Translate } from '../../i18n';
import { formatMoney, formatNumber } from '../../lib/format';
import type { Locale } from '../../routes';
import { cheapestColumns, transitRange, type CarrierTable } from './table';

/**
 * The price list of one route: a row per §9 weight, a column per carrier, prices with VAT;
 * the cheapest price of each weight is marked with a badge and, for screen readers, words.
 */
export function PriceTable({ table, caption, locale, t }: { table: CarrierTable; caption: string; locale: Locale; t: Translate }) {
  const cheapest = cheapestColumns(table);
  const kg = (w: number) => `${formatNumber(w, locale)}\u00A0kg`;
  return (
    <div className="price-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="price-table" data-testid="price-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.table.weight')}</th>
            {table.columns.map((col) => (
              <th scope="col" key={col.code}>
                {col.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.weights.map((weight, row) => (
            <tr key={weight}>
              <th scope="row">{t('prices.table.upTo', { weight: kg(weight) })}</th>
              {table.columns.map((col, i) => {
                const cell = col.cells[row];
                if (!cell) {
                  return (
                    <td key={col.code} className="none">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">{t('prices.table.notCarried')}</span>
                    </td>
                  );
                }
                const best = cheapest[row]!.has(i);
                return (
                  <td key={col.code} className={best ? 'cheapest' : undefined} data-cheapest={best || undefined}>
                    {formatMoney(cell.priceVat.value, cell.priceVat.currency, locale)}
                    {best ? (
                      <>
                        {' '}
                        <span className="badge" aria-hidden="true">
                          {t('prices.table.cheapestBadge')}
                        </span>
                        <span className="sr-only">{t('prices.table.cheapestSr')}</span>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('prices.table.transit')}</th>
            {table.columns.map((col) => {
              const range = transitRange(col);
              return (
                <td key={col.code}>
                  {range ? (range[0] === range[1] ? t('prices.table.days', { days: range[0] }) : t('prices.table.daysRange', { min: range[0], max: range[1] })) : '–'}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
