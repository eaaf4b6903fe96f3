import type { MessageId, Translate } from '../../i18n';
import { INTL_TAG } from '../../i18n';
import { formatDistance, pragueWeekday } from '../../lib/configurator-form';
import type { ParcelPoint } from '../../lib/types/quote';
import { displayZip } from '../../lib/validators';
import type { PageLocale } from '../../routes';
import { NETWORK_NAMES } from '../carrier-page/carrier-facts';

const SERVICE_KEYS = [
  ['cardPayment', 'card_payment'],
  ['wheelchairAccess', 'wheelchair_access'],
  ['noLunchBreak', 'no_lunch_break'],
  ['openSaturday', 'open_saturday'],
  ['openSunday', 'open_sunday'],
] as const;
const KNOWN_STATUSES = new Set(['temporarily_closed', 'full', 'new']);
/** the note every sample point carries; the page says it once above the list */
const SAMPLE_NOTE = 'Ukázková data / sample data';

/** Monday … Sunday in the page's language (1 January 2024 was a Monday) */
const weekdayName = (day: number, locale: PageLocale) =>
  new Intl.DateTimeFormat(INTL_TAG[locale], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

const kindOf = (p: ParcelPoint) =>
  p.attributes.isLocker ? 'locker' : p.attributes.isPostOffice ? 'postOffice' : p.attributes.isDepot ? 'depot' : 'shop';

function hoursText(hours: string[], t: Translate): string {
  if (hours.length === 0) return t('carriers.pp.closed');
  if (hours.length === 1 && hours[0] === '00:00-24:00') return t('carriers.pp.nonstop');
  return hours.map((range) => range.replace('-', '–')).join(', ');
}

/** The found parcel points, nearest first: address, networks, services and the week's opening hours. */
export function PointList({ points, t, locale }: { points: ParcelPoint[]; t: Translate; locale: PageLocale }) {
  const today = pragueWeekday(new Date());
  return (
    <ol className="pp-list" data-testid="parcel-point-list">
      {points.map((p) => {
        const todays = p.openingHours.find((d) => d.day === today)?.hours ?? [];
        const notes = locale === 'cs' ? p.notes.filter((n) => n !== SAMPLE_NOTE) : [];
        return (
          <li key={p.id} id={`pp-${p.id}`} className="pp-point">
            <h3>{p.name}</h3>
            <p>{`${p.street}, ${displayZip(p.zip, p.country)} ${p.city}`}</p>
            <p className="muted">
              {[p.carriers.map((c) => NETWORK_NAMES[c] ?? c).join(', '), p.distance !== null ? t('carriers.pp.distance', { distance: formatDistance(p.distance, locale) }) : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p className="pp-tags">
              <span className="tag">{t(`carriers.pp.kind.${kindOf(p)}` as MessageId)}</span>
              {p.attributes.isCollection && <span className="tag">{t('carriers.pp.acceptsParcels')}</span>}
              {SERVICE_KEYS.filter(([k]) => p.services[k]).map(([k, name]) => (
                <span className="tag" key={k}>
                  {t(`carriers.pp.service.${name}` as MessageId)}
                </span>
              ))}
              {p.statuses
                .filter((s) => KNOWN_STATUSES.has(s))
                .map((s) => (
                  <span className="tag" key={s}>
                    {t(`carriers.pp.status.${s}` as MessageId)}
                  </span>
                ))}
            </p>
            <details className="pp-hours">
              <summary>
                {t('carriers.pp.hours')}: {weekdayName(today, locale)} {hoursText(todays, t)}
              </summary>
              <table>
                <tbody>
                  {p.openingHours.map((d) => (
                    <tr key={d.day}>
                      <th scope="row">{weekdayName(d.day, locale)}</th>
                      <td>{hoursText(d.hours, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            {p.phones.length > 0 && (
              <p>
                {t('carriers.pp.phone')}: {p.phones.join(', ')}
              </p>
            )}
            {notes.length > 0 && <p className="muted">{notes.join(' · ')}</p>}
          </li>
        );
      })}
    </ol>
  );
}
