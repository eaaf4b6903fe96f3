import type { Translate } from '../../i18n';
import { formatMoney, formatNumber } from '../../lib/format';
import type { PageLocale } from '../../routes';
import type { RateMatrix } from './types';

type Props = { matrix: RateMatrix; countryName: (code: string) => string; caption: string; t: Translate; locale: PageLocale };

/**
 * A carrier's price list: rows the price-list weights the carrier carries somewhere (a weight it
 * carries nowhere is left out), columns the destinations, each cell the price with VAT and its service.
 */
export function CarrierPriceTable({ matrix, countryName, caption, t, locale }: Props) {
  return (
    <div className="cp-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="cp-table" data-testid="carrier-price-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('carriers.weight')}</th>
            {matrix.rows.map((row) => (
              <th scope="col" key={row.to}>
                {countryName(row.to)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.weights.map((weight, i) => ({ weight, i })).filter(({ i }) => matrix.rows.some((row) => row.prices[i])).map(({ weight, i }) => (
            <tr key={weight}>
              <th scope="row">{t('carriers.kg', { weight: formatNumber(weight, locale) })}</th>
              {matrix.rows.map((row) => {
                const cell = row.prices[i];
                return (
                  <td key={row.to}>
                    {cell ? (
                      <>
                        <strong>{formatMoney(cell.priceVat.value, cell.priceVat.currency, locale)}</strong>
                        <small>{cell.serviceName}</small>
                      </>
                    ) : (
                      <NotCarried t={t} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** an empty price cell: a dash to the eye, words to a screen reader */
export function NotCarried({ t }: { t: Translate }) {
  return (
    <span className="muted">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('carriers.notCarried')}</span>
    </span>
  );
}
