'use client';
import { useEffect, useState } from 'react';
import { Link } from 'waku';
import { apiGet } from '../../api/client';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { TrackingNumberField } from '../tracking/tracking-number-field';
import { useTrackingNumber } from '../tracking/use-tracking-number';

const LATEST_COUNT = 3;

type Place = { street: string | null; zip: string | null; city: string | null; country: string };
/** spec §3 latest-shipment entry */
type LatestShipment = { order: string; tracking_number: string; status: string; from: Place; to: Place };

const placeText = (p: Place) => [p.city, p.country.toUpperCase()].filter(Boolean).join(', ');

/** a signed-in user's latest shipments, read when the dropdown first opens; null until then or when unavailable */
function useLatestShipments(wanted: boolean) {
  const [latest, setLatest] = useState<LatestShipment[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    apiGet<LatestShipment[]>(`/v1/shipments/list?limit=${LATEST_COUNT}`, { signal: controller.signal }).then(
      (list) => setLatest(list.slice(0, LATEST_COUNT)),
      () => undefined,
    );
    return () => controller.abort();
  }, [wanted]);
  return latest;
}

/**
 * The tracking dropdown's panel (see tracking-dropdown.tsx): a GET form to the tracking page
 * that works without JavaScript; with it, the §5 number rules and, for a signed-in user, the
 * latest shipments once the dropdown has been opened.
 */
export function TrackingPanel({ locale, signedIn, opened }: { locale: PageLocale; signedIn: boolean; opened: boolean }) {
  const t = useT();
  const { value, error, change, submit } = useTrackingNumber(locale);
  const latest = useLatestShipments(signedIn && opened);
  const statusText = (status: string) => {
    const text = t(`tracking.status.${status}`);
    return text === `tracking.status.${status}` ? status : text;
  };

  return (
    <form
      className="dropdown-panel"
      action={href('tracking', locale)}
      method="get"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TrackingNumberField id="tracking-number" value={value} error={error} onChange={change} />
      <button type="submit" className="button primary">
        {t('tracking.submit')}
      </button>
      <a href={`${href('tracking', locale)}#help`}>{t('tracking.help')}</a>
      {signedIn && (
        <section className="latest-shipments" aria-label={t('tracking.latest')} data-testid="latest-shipments">
          <p className="dropdown-heading">{t('tracking.latest')}</p>
          {latest === null ? null : latest.length === 0 ? (
            <p className="muted" data-testid="latest-shipments-empty">
              {t('tracking.none')}
            </p>
          ) : (
            <ul>
              {latest.map((s) => (
                <li key={s.tracking_number}>
                  <Link to={href('tracking-result', locale, { id: s.tracking_number })}>{s.tracking_number}</Link> <span className="tag">{statusText(s.status)}</span>
                  <small className="muted">
                    {placeText(s.from)} → {placeText(s.to)}
                  </small>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </form>
  );
}
