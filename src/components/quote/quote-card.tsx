import { formatMoney, formatNumber, formatWeekdayDate } from '../../lib/format';
import { routeTypeLabels } from '../../lib/quote-rules';
import type { Quote, QuoteProblem } from '../../lib/types/quote';

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** brand colour and initials of each carrier's badge */
const BADGES: Record<string, [string, string]> = {
  balikovna: ['#f5a100', 'BN'],
  dpd: ['#dc0032', 'DPD'],
  fedex: ['#4d148c', 'FX'],
  gls: ['#061ab1', 'GLS'],
  ppl: ['#0b3f8c', 'PPL'],
  toptrans: ['#e30613', 'TT'],
  ups: ['#351c15', 'UPS'],
  wedo: ['#ff5a00', 'One'],
  liftago: ['#00b2a9', 'LF'],
};

export function CarrierBadge({ code }: { code: string }) {
  const [color, text] = BADGES[code] ?? ['#5b6779', code.slice(0, 3).toUpperCase()];
  return (
    <span className="carrier-badge" style={{ background: color }} aria-hidden="true">
      {text}
    </span>
  );
}

/** a problem in words: the translated code when we know it, else the server's message */
export const problemText = (p: QuoteProblem, t: Translate) => {
  const id = `quote.problem.${p.code}`;
  const text = t(id);
  return text === id ? p.message : text;
};

type Props = { quote: Quote; locale: string; t: Translate; cheapest: boolean; onSelect?: () => void; selectHref?: string };

/** One quote of the comparison; used by the server (no JavaScript) and by the client list. */
export function QuoteCard({ quote, locale, t, cheapest, onSelect, selectHref }: Props) {
  const problems = [...quote.errors, ...quote.restrictions];
  const { pickupDate, deliveryDate } = quote.timeInTransit;
  const money = (m: { value: number; currency: string }) => formatMoney(m.value, m.currency, locale);
  return (
    <li className={`quote-card${cheapest ? ' cheapest' : ''}${problems.length ? ' unavailable' : ''}`} data-testid="quote" data-carrier={quote.carrier.code} data-price={quote.priceVat?.value ?? ''}>
      <div className="qc-carrier">
        <CarrierBadge code={quote.carrier.code} />
        <div>
          <strong>{quote.carrier.name}</strong>
          <span className="muted">{quote.serviceName}</span>
          {quote.rating.count > 0 && (
            <span className="qc-rating" title={t('quote.ratingTitle', { score: quote.rating.score, count: quote.rating.count })}>
              ★ {formatNumber(quote.rating.score, locale, { maximumFractionDigits: 1 })} <small>({quote.rating.count})</small>
            </span>
          )}
        </div>
      </div>
      <ul className="qc-labels">
        {routeTypeLabels(quote).map((l) => (
          <li key={l} className={`label label-${l}`}>
            {t(`quote.label.${l}`)}
          </li>
        ))}
        <li className="label">{t(`quote.category.${quote.shipmentCategory}`)}</li>
        {cheapest && <li className="label label-cheapest">{t('quote.cheapest')}</li>}
      </ul>
      <div className="qc-dates">
        {pickupDate && (
          <span>
            {t('quote.pickup')}: <strong>{formatWeekdayDate(pickupDate, locale)}</strong>
          </span>
        )}
        {deliveryDate && (
          <span>
            {t('quote.delivery')}: <strong>{formatWeekdayDate(deliveryDate, locale)}</strong>
          </span>
        )}
      </div>
      <div className="qc-price">
        {quote.priceVat && quote.price ? (
          <>
            <strong data-testid="price-vat">{money(quote.priceVat)}</strong>
            <small className="muted">{t('quote.withoutVat', { price: money(quote.price) })}</small>
          </>
        ) : quote.complete ? null : (
          <span className="muted">{t('quote.loadingDetail')}</span>
        )}
      </div>
      <div className="qc-action">
        {problems.length === 0 && quote.priceVat && (onSelect ? (
          <button type="button" className="button primary" onClick={onSelect} data-testid="select-quote">
            {t('quote.select')}
          </button>
        ) : selectHref ? (
          <a className="button primary" href={selectHref}>
            {t('quote.select')}
          </a>
        ) : null)}
      </div>
      {problems.length > 0 && (
        <ul className="qc-problems" role="note">
          {problems.map((p, i) => (
            <li key={i}>{problemText(p, t)}</li>
          ))}
        </ul>
      )}
      {quote.charges.length > 0 && problems.length === 0 && (
        <details className="qc-breakdown">
          <summary>{t('quote.breakdown')}</summary>
          <table>
            <tbody>
              {quote.charges.map((c, i) => (
                <tr key={i}>
                  <th scope="row">{t(`quote.charge.${c.code}`)}</th>
                  <td>{money(c.amount)}</td>
                </tr>
              ))}
              {quote.priceVat && (
                <tr className="total">
                  <th scope="row">{t('quote.total')}</th>
                  <td>{money(quote.priceVat)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </details>
      )}
    </li>
  );
}
