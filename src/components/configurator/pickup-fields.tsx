'use client';
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../../api/client';
import { pickupCountryOf, timeWindowText, type TimeWindow } from '../../lib/configurator-form';
import { pickupDateDropReason } from '../../lib/configurator-rules';
import { formatWeekdayDate } from '../../lib/format';
import type { Quote } from '../../lib/types/quote';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { Field, type StepForm } from './form';

type Pickup = { pickupDate: string; pickupTime: string; fromTime: string; toTime: string };

type Props = {
  quote: Quote;
  senderCountry: string;
  value: Pickup;
  onChange: (patch: Partial<Pickup>) => void;
  form: StepForm;
  locale: PageLocale;
  /** the time windows of the chosen date, reported so the step can require one */
  onWindows: (windows: TimeWindow[] | null) => void;
};

/**
 * Pickup date (v1/pickups/dates, without the dates spec §5 drops for this quote) and the
 * courier's time window for it (v2/carrier/time-windows). The first date and a single
 * window are chosen for the user.
 */
export function PickupFields({ quote, senderCountry, value, onChange, form, locale, onWindows }: Props) {
  const t = useT();
  const [dates, setDates] = useState<string[] | null>(null);
  const [windows, setWindows] = useState<TimeWindow[] | null>(null);
  const country = pickupCountryOf(senderCountry);

  useEffect(() => {
    const abort = new AbortController();
    apiGet<string[]>(`/v1/pickups/dates?country=${country}`, { signal: abort.signal, language: locale })
      .then((list) => {
        const now = new Date();
        setDates(list.filter((date) => pickupDateDropReason(date, quote, now) === null));
      })
      .catch(() => !abort.signal.aborted && setDates([]));
    return () => abort.abort();
  }, [country, quote, locale]);

  // a date no longer offered (or none yet) becomes the first one offered
  useEffect(() => {
    if (!dates || dates.length === 0 || dates.includes(value.pickupDate)) return;
    onChange({ pickupDate: dates[0], pickupTime: '', fromTime: '', toTime: '' });
  }, [dates, value.pickupDate, onChange]);

  useEffect(() => {
    if (!value.pickupDate) return;
    const abort = new AbortController();
    setWindows(null);
    onWindows(null);
    apiPost<{ date: string; windows: TimeWindow[] }>(
      '/v2/carrier/time-windows',
      { date: value.pickupDate, carrier: quote.carrier.code, country },
      { signal: abort.signal, language: locale },
    )
      .then((result) => {
        setWindows(result.windows);
        onWindows(result.windows);
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        setWindows([]);
        onWindows([]);
      });
    return () => abort.abort();
  }, [value.pickupDate, quote.carrier.code, country, locale, onWindows]);

  // the chosen window must be one of the date's; a single window needs no choice
  useEffect(() => {
    if (!windows) return;
    const chosen = windows.some((window) => timeWindowText(window) === value.pickupTime);
    if (chosen) return;
    const only = windows.length === 1 ? windows[0] : null;
    if (only) onChange({ pickupTime: timeWindowText(only), fromTime: only.from, toTime: only.to });
    else if (value.pickupTime) onChange({ pickupTime: '', fromTime: '', toTime: '' });
  }, [windows, value.pickupTime, onChange]);

  return (
    <section className="cfg-card" aria-labelledby="cfg-pickup-title" data-testid="pickup">
      <h2 id="cfg-pickup-title">{t('configurator.pickup.title')}</h2>
      <p className="cfg-hint">{t('configurator.pickup.hint', { carrier: quote.carrier.name })}</p>
      <div className="cfg-grid">
        <Field form={form} path="pickupDate" label={`${t('configurator.pickup.date')} *`}>
          {(control) => (
            <select
              {...control}
              value={value.pickupDate}
              disabled={dates === null}
              onChange={(e) => {
                form.changed('pickupDate');
                onChange({ pickupDate: e.target.value, pickupTime: '', fromTime: '', toTime: '' });
              }}
            >
              {(dates === null || !dates.includes(value.pickupDate)) && <option value="">{dates === null ? t('configurator.loading') : '—'}</option>}
              {dates?.map((date) => (
                <option key={date} value={date}>
                  {formatWeekdayDate(date, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form={form} path="pickupTime" label={`${t('configurator.pickup.time')} *`}>
          {(control) =>
            windows && windows.length > 1 ? (
              <select
                {...control}
                value={value.pickupTime}
                onChange={(e) => {
                  form.changed('pickupTime');
                  const window = windows.find((candidate) => timeWindowText(candidate) === e.target.value);
                  onChange({ pickupTime: e.target.value, fromTime: window?.from ?? '', toTime: window?.to ?? '' });
                }}
              >
                <option value="">{t('configurator.pickup.chooseTime')}</option>
                {windows.map((window) => (
                  <option key={timeWindowText(window)} value={timeWindowText(window)}>
                    {`${window.from}–${window.to}`}
                  </option>
                ))}
              </select>
            ) : (
              <input {...control} readOnly value={windows === null ? t('configurator.loading') : value.pickupTime.replace(' - ', '–') || t('configurator.pickup.noWindows')} />
            )
          }
        </Field>
      </div>
      {dates?.length === 0 && <p className="field-error">{t('configurator.pickup.noDates')}</p>}
    </section>
  );
}
