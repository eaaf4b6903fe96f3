import { formatNumber } from '../../lib/format';
import type { Advice } from '../../lib/quote-advice';
import { DEFAULT_PACKAGE } from '../../lib/quote-defaults';
import { queryFromDraft } from '../../lib/quote-query';
import { href, type PageLocale } from '../../routes';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import { displayZip, parseDecimal } from '../../lib/validators';
import type { Translate } from './quote-card';

/**
 * Parts of the carrier-choice step shared by the server comparison (no JavaScript) and
 * the streamed one: the recap of what is compared, and the notice when no offer is usable.
 */

/** the home form prefilled with the draft (the home page hands the query to the quote form) */
export const changeShipmentHref = (draft: ShipmentDraft, locale: PageLocale) => `${href('home', locale)}?${queryFromDraft(draft).toString()}`;

type Place = ShipmentDraft['sender'];

const placeText = (place: Place, countryNames: Record<string, string>) => {
  const country = countryNames[place.country] ?? place.country.toUpperCase();
  const town = [place.zip.trim() ? displayZip(place.zip, place.country) : '', place.city.trim()].filter(Boolean).join(' ');
  return town ? `${town}, ${country}` : country;
};

/** 'Balík · 2 kg · 30 × 20 × 10 cm' */
export const packageText = (pkg: ShipmentDraft['content'][number], locale: string, t: Translate) => `${t(`quote.type.${pkg.type}`)} · ${packageMeasures(pkg, locale, t)}`;

/** '2 kg · 30 × 20 × 10 cm'; the §5 defaults taken for what was left empty are marked as assumed */
export function packageMeasures(pkg: Pick<ShipmentDraft['content'][number], 'weight' | 'length' | 'width' | 'height'>, locale: string, t: Translate): string {
  const assumed = ` (${t('quote.assumed')})`;
  const weight = parseDecimal(pkg.weight);
  const sides = [pkg.length, pkg.width, pkg.height].map((side) => parseDecimal(side));
  const fallback = [DEFAULT_PACKAGE.length, DEFAULT_PACKAGE.width, DEFAULT_PACKAGE.height];
  const weightText = `${formatNumber(weight ?? DEFAULT_PACKAGE.weight, locale)} kg${weight === null ? assumed : ''}`;
  const sidesText = `${sides.map((side, i) => formatNumber(side ?? fallback[i]!, locale)).join(' × ')} cm${sides.some((s) => s === null) ? assumed : ''}`;
  return `${weightText} · ${sidesText}`;
}

type RecapProps = { draft: ShipmentDraft; locale: string; t: Translate; countryNames: Record<string, string>; changeHref: string };

export function ShipmentRecap({ draft, locale, t, countryNames, changeHref }: RecapProps) {
  return (
    <section className="shipment-recap" aria-labelledby="shipment-recap-title" data-testid="shipment-recap">
      <h2 id="shipment-recap-title">{t('quote.recap.title')}</h2>
      <dl>
        <div>
          <dt>{t('quote.recap.route')}</dt>
          <dd data-testid="recap-route">
            {placeText(draft.sender, countryNames)} → {placeText(draft.recipient, countryNames)}
          </dd>
        </div>
        <div>
          <dt>{t('quote.packages')}</dt>
          <dd>
            <span className="muted">{t('quote.recap.parcels', { count: draft.content.length })}</span>
            <ul data-testid="recap-packages">
              {draft.content.map((pkg, i) => (
                <li key={i}>{packageText(pkg, locale, t)}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <a className="button" href={changeHref} data-testid="recap-change">
        {t('quote.recap.change')}
      </a>
    </section>
  );
}

/** At the top of the comparison when no offer can be chosen: why, and what to change. */
export function NoUsableQuote({ advice, t, changeHref }: { advice: Advice[]; t: Translate; changeHref: string }) {
  return (
    <div className="no-usable" role="status" data-testid="no-usable">
      <p>
        <strong>{t('quote.noneUsable.title')}</strong> {t('quote.noneUsable.intro')}
      </p>
      <ul>
        {advice.map((a) => (
          <li key={a}>{t(`quote.advice.${a}`)}</li>
        ))}
      </ul>
      <a href={changeHref}>{t('quote.noneUsable.change')}</a>
    </div>
  );
}
