import { formatMoney, formatNumber, formatWeekdayDate } from '../../lib/format';
import { parcelPointSides } from '../../lib/configurator-form';
import { routeTypeLabels, serviceNameBeside, handoverOf } from '../../lib/quote-rules';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote, QuoteProblem } from '../../lib/types/quote';
import { CarrierMark } from '../ui/carrier-mark';

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** a problem in words: the translated code when we know it, else the server's message */
export const problemText = (p: QuoteProblem, t: Translate) => {
  const id = `quote.problem.${p.code}`;
  const text = t(id);
  return text === id ? p.message : text;
};

type Props = {
  quote: Quote;
  locale: string;
  t: Translate;
  cheapest: boolean;
  onSelect?: () => void;
  selectHref?: string;
  /** the compared shipment: the card says which side the spec §4 parcel-point rule limits */
  draft?: Pick<ShipmentDraft, 'sender' | 'recipient' | 'content'> | null;
};

/**
 * What the service means for each side, before it is chosen: the sender hands the parcel
 * in at a drop-off point (or a courier picks it up), the recipient collects it at a pickup
 * point (or gets it at the door). Without the draft only what the quote itself requires.
 */
export function parcelPointNotes(quote: Quote, draft: Props['draft']): ('handIn' | 'pickupPointOnly' | 'pickupPointOrDoor')[] {
  const sides = draft
    ? parcelPointSides(draft, quote)
    : {
        sender: quote.attributes.pickupBranchRequired ? 'required' : 'none',
        recipient: quote.attributes.deliveryBranchRequired ? 'required' : quote.attributes.deliveryBranchSupported ? 'optional' : 'none',
      };
  const notes: ('handIn' | 'pickupPointOnly' | 'pickupPointOrDoor')[] = [];
  if (sides.sender === 'required') notes.push('handIn');
  if (sides.recipient === 'required') notes.push('pickupPointOnly');
  else if (sides.recipient === 'optional') notes.push('pickupPointOrDoor');
  return notes;
}

/** One quote of the comparison; used by the server (no JavaScript) and by the client list. */
export function QuoteCard({ quote, locale, t, cheapest, onSelect, selectHref, draft }: Props) {
  const problems = [...quote.errors, ...quote.restrictions];
  const { pickupDate, deliveryDate } = quote.timeInTransit;
  const money = (m: { value: number; currency: string }) => formatMoney(m.value, m.currency, locale);
  // 'Balíkovna Do ruky' already names its service
  const service = serviceNameBeside(quote.carrier.name, quote.serviceName);
  const notes = parcelPointNotes(quote, draft);
  // the day the parcel leaves: handed in by the sender, or picked up by a courier
  const leaves = handoverOf(quote, notes.includes('handIn')) === 'pickup' ? 'quote.pickup' : 'quote.handIn';
  return (
    <li className={`quote-card${cheapest ? ' cheapest' : ''}${problems.length ? ' unavailable' : ''}`} data-testid="quote" data-carrier={quote.carrier.code} data-price={quote.priceVat?.value ?? ''}>
      <div className="qc-carrier">
        <CarrierMark code={quote.carrier.code} />
        <div>
          <strong>{quote.carrier.name}</strong>
          {service && <span className="muted">{service}</span>}
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
            {t(leaves)}: <strong>{formatWeekdayDate(pickupDate, locale)}</strong>
          </span>
        )}
        {deliveryDate && (
          <span>
            {t('quote.delivery')}: <strong>{formatWeekdayDate(deliveryDate, locale)}</strong>
          </span>
        )}
      </div>
      {notes.length > 0 && (
        <p className="qc-points muted" data-testid="quote-points">
          {notes.map((note) => t(`quote.points.${note}`)).join(' · ')}
        </p>
      )}
      <div className="qc-price">
        {quote.priceVat && quote.price ? (
          <>
            <strong data-testid="price-vat">{money(quote.priceVat)}</strong>
            <small className="muted">{t('quote.withoutVat', { price: money(quote.price) })}</small>
          </>
        ) : problems.length > 0 ? null /* the reasons are listed below */ : quote.complete || !onSelect ? (
          // complete without a price, or on the server where no detail fetch follows: say why
          <span className="muted" data-testid="no-price">{t('quote.noPrice')}</span>
        ) : (
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
        <div className="qc-problems" role="note">
          <ul>
            {problems.map((p, i) => (
              <li key={i} data-code={p.code}>
                {problemText(p, t)}
              </li>
            ))}
          </ul>
        </div>
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
