'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'waku';
import { apiGet, apiPost, ApiClientError } from '../../../api/client';
import { isoWeekday } from '../../../lib/calendar';
import { serverErrors, type FormErrors } from '../../../lib/form-errors';
import { NOTE_MAX, PICKUP_PARCELS_MAX, type PickupCountry, type PickupKind, type PickupOrderInput } from '../../../lib/schemas/business';
import type { PageLocale } from '../../../routes';
import type { PickupPlaceView } from '../../../server/services/business/pickup-places';
import type { PickupCarrier } from '../../../server/services/business/pickups';
import { FormMessage, focusFirstInvalid, SubmitButton, useErrorText } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cancelPickup, errorText, orderPickup } from './api';
import { FormDialog } from '../../ui/form-dialog';
import { carrierLabel, dayText, WEEKDAYS } from './labels';
import { useReloadAction } from './use-reload-action';
import './business.css';

type Window = { from: string; to: string };
type Carriers = Record<PickupCountry, PickupCarrier[]>;
const windowKey = (w: Window) => `${w.from}-${w.to}`;

/** a labelled control with its error beside it */
function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; children: ReactNode; hint?: string }) {
  const errorWords = useErrorText();
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="acc-hint">{hint}</p>}
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`}>
          {errorWords(error)}
        </p>
      )}
    </div>
  );
}

/**
 * The pickup order: place, carrier, once or regularly, and the day (GET v1/pickups/dates of
 * the carrier) or weekdays, the carrier's window for it (POST v2/carrier/time-windows), the
 * number of parcels and a note. The server checks the day and window again.
 */
function PickupForm({ locale, places, carriers, onDone, onCancel }: { locale: PageLocale; places: PickupPlaceView[]; carriers: Carriers; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [placeId, setPlaceId] = useState(places[0]!.id);
  const place = places.find((p) => p.id === placeId) ?? places[0]!;
  const offered = carriers[place.country] ?? [];
  const [carrierCode, setCarrierCode] = useState<string>(offered[0]?.code ?? '');
  const carrier = offered.find((c) => c.code === carrierCode) ?? offered[0];
  const [kind, setKind] = useState<PickupKind>('one_time');
  const [dates, setDates] = useState<string[] | null>(null);
  const [date, setDate] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [windows, setWindows] = useState<Window[] | null>(null);
  const [slot, setSlot] = useState('');
  const [count, setCount] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const regular = kind === 'regular' && carrier?.regular === true;

  // the days the carrier collects from the place's country
  useEffect(() => {
    if (!carrier) return;
    const abort = new AbortController();
    setDates(null);
    apiGet<string[]>(`/v1/pickups/dates?country=${place.country}&carrier=${carrier.code}`, { signal: abort.signal, language: locale })
      .then((list) => setDates(list))
      .catch(() => !abort.signal.aborted && setDates([]));
    return () => abort.abort();
  }, [carrier?.code, place.country, locale]);

  useEffect(() => {
    if (dates && !dates.includes(date)) setDate(dates[0] ?? '');
  }, [dates, date]);

  // the window on the day (a regular pickup: its first day)
  const windowDay = regular ? (dates?.find((d) => weekdays.includes(isoWeekday(d))) ?? dates?.[0] ?? '') : date;
  useEffect(() => {
    if (!carrier || !windowDay) return;
    const abort = new AbortController();
    setWindows(null);
    apiPost<{ windows: Window[] }>('/v2/carrier/time-windows', { date: windowDay, carrier: carrier.code, country: place.country }, { signal: abort.signal, language: locale })
      .then((result) => setWindows(result.windows))
      .catch(() => !abort.signal.aborted && setWindows([]));
    return () => abort.abort();
  }, [carrier?.code, windowDay, place.country, locale]);

  useEffect(() => {
    if (!windows) return;
    if (windows.some((w) => windowKey(w) === slot)) return;
    setSlot(windows.length === 1 ? windowKey(windows[0]!) : '');
  }, [windows, slot]);

  const clear = (...keys: string[]) => setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !keys.includes(k))));

  const submit = async () => {
    setMessage(null);
    const chosen = windows?.find((w) => windowKey(w) === slot);
    const parcels = Number(count);
    const local: FormErrors = {};
    if (!carrier) local.carrier = 'business.error.carrier_no_pickup';
    if (!regular && !date) local.date = 'validation.required';
    if (regular && weekdays.length === 0) local.weekdays = 'business.error.weekdays';
    if (!chosen) local.window = 'validation.required';
    if (!Number.isInteger(parcels) || parcels < 1) local.parcel_count = 'validation.quantity';
    else if (parcels > PICKUP_PARCELS_MAX) local.parcel_count = 'validation.too_high';
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirstInvalid(form.current);
    const body: PickupOrderInput = {
      pickup_place_id: place.id,
      carrier: carrier!.code,
      kind: regular ? 'regular' : 'one_time',
      date: regular ? null : date,
      weekdays: regular ? weekdays : null,
      window: chosen!,
      parcel_count: parcels,
      note,
    };
    setBusy(true);
    try {
      await orderPickup(body, locale);
      onDone();
    } catch (error) {
      const found = error instanceof ApiClientError ? serverErrors(error.errors) : {};
      setErrors(found);
      if (!['carrier', 'kind', 'date', 'weekdays', 'window', 'parcel_count', 'note'].some((k) => k in found)) setMessage(errorText(error, t, 'business.error.generic'));
      focusFirstInvalid(form.current);
    } finally {
      setBusy(false);
    }
  };

  const invalid = (key: string) => (errors[key] ? true : undefined);
  return (
    <form
      method="post"
      ref={form}
      className="acc-form"
      noValidate
      data-testid="pickup-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="acc-grid">
        <Field id="pickup-place" label={t('business.pickups.place')}>
          <select id="pickup-place" value={place.id} onChange={(e) => setPlaceId(Number(e.target.value))}>
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.name}, ${p.city}`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pickup-carrier" label={t('business.pickups.carrier')} error={errors.carrier}>
          <select
            id="pickup-carrier"
            value={carrier?.code ?? ''}
            aria-invalid={invalid('carrier')}
            onChange={(e) => {
              setCarrierCode(e.target.value);
              clear('carrier', 'date', 'window', 'kind');
            }}
          >
            {offered.map((c) => (
              <option key={c.code} value={c.code}>
                {carrierLabel(c.code, c.name, t)}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <fieldset className="biz-fieldset">
        <legend>{t('business.pickups.kind')}</legend>
        <div className="biz-choices">
          {(['one_time', 'regular'] as const).map((k) => (
            <label key={k} className="biz-choice">
              <input type="radio" name="pickup-kind" value={k} checked={(k === 'regular') === regular} disabled={k === 'regular' && !carrier?.regular} onChange={() => { setKind(k); clear('kind', 'date', 'weekdays'); }} />
              {t(`business.pickups.kind.${k}`)}
            </label>
          ))}
        </div>
        {carrier && !carrier.regular && <p className="acc-hint">{t('business.pickups.noRegular')}</p>}
        {errors.kind && <p className="field-error">{t(errors.kind)}</p>}
      </fieldset>

      <div className="acc-grid">
        {regular ? (
          <fieldset className="biz-fieldset" aria-invalid={invalid('weekdays')}>
            <legend>{t('business.pickups.weekdays')}</legend>
            <div className="biz-choices">
              {WEEKDAYS.map((d) => (
                <label key={d} className="biz-choice">
                  <input
                    type="checkbox"
                    checked={weekdays.includes(d)}
                    aria-invalid={invalid('weekdays')}
                    onChange={(e) => {
                      setWeekdays((old) => (e.target.checked ? [...old, d].sort() : old.filter((x) => x !== d)));
                      clear('weekdays');
                    }}
                  />
                  {t(`business.weekday.${d}`)}
                </label>
              ))}
            </div>
            {errors.weekdays && <p className="field-error" data-testid="pickup-weekdays-error">{t(errors.weekdays)}</p>}
          </fieldset>
        ) : (
          <Field id="pickup-date" label={t('business.pickups.date')} error={errors.date}>
            <select
              id="pickup-date"
              value={date}
              disabled={dates === null}
              aria-invalid={invalid('date')}
              onChange={(e) => {
                setDate(e.target.value);
                clear('date', 'window');
              }}
            >
              {(dates === null || dates.length === 0) && <option value="">{dates === null ? t('business.loading') : '—'}</option>}
              {dates?.map((d) => (
                <option key={d} value={d}>
                  {dayText(d, locale)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id="pickup-window" label={t('business.pickups.window')} error={errors.window} hint={windows?.length === 0 ? t('business.pickups.noWindows') : undefined}>
          <select
            id="pickup-window"
            value={slot}
            disabled={!windows || windows.length === 0}
            aria-invalid={invalid('window')}
            onChange={(e) => {
              setSlot(e.target.value);
              clear('window');
            }}
          >
            {(!windows || windows.length !== 1) && <option value="">{windows === null ? t('business.loading') : t('business.pickups.chooseWindow')}</option>}
            {windows?.map((w) => (
              <option key={windowKey(w)} value={windowKey(w)}>
                {`${w.from}–${w.to}`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pickup-count" label={t('business.pickups.parcels')} error={errors.parcel_count}>
          <input id="pickup-count" type="number" inputMode="numeric" min={1} max={PICKUP_PARCELS_MAX} value={count} aria-invalid={invalid('parcel_count')} onChange={(e) => { setCount(e.target.value); clear('parcel_count'); }} />
        </Field>
      </div>
      <Field id="pickup-note" label={t('business.pickups.note')} error={errors.note}>
        <textarea id="pickup-note" rows={2} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {carrier && <p className="muted biz-small">{t('business.pickups.cutoff', { time: carrier.cutoff })}</p>}
      {dates?.length === 0 && <p className="field-error">{t('business.pickups.noDates')}</p>}
      {message && (
        <FormMessage kind="error" testId="pickup-message">
          {message}
        </FormMessage>
      )}
      <div className="biz-form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('business.cancel')}
        </button>
        <SubmitButton busy={busy} testId="pickup-submit">
          {t('business.pickups.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** svozy: the "order a pickup" button and its dialog */
export function OrderPickupButton({ locale, places, carriers }: { locale: PageLocale; places: PickupPlaceView[]; carriers: Carriers }) {
  const t = useT();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="pickup-order">
        {t('business.pickups.order')}
      </button>
      <FormDialog className="biz-dialog" open={open} title={t('business.pickups.orderTitle')} onClose={() => setOpen(false)} testId="pickup-order-dialog">
        <PickupForm
          locale={locale}
          places={places}
          carriers={carriers}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void router.reload();
          }}
        />
      </FormDialog>
    </>
  );
}

/** svozy: cancel one pickup, after a confirmation */
export function CancelPickupButton({ locale, id }: { locale: PageLocale; id: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { busy, error, run } = useReloadAction();
  const cancel = () => {
    setOpen(false);
    return run(() => cancelPickup(id, locale));
  };
  return (
    <div className="biz-row-actions">
      <button type="button" className="button biz-danger-outline" disabled={busy} aria-busy={busy || undefined} onClick={() => setOpen(true)} data-testid="pickup-cancel">
        {t('business.pickups.cancel')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={t('business.pickups.cancelTitle')}
        confirmLabel={t('business.pickups.cancelConfirm')}
        cancelLabel={t('business.back')}
        onConfirm={() => void cancel()}
        onCancel={() => setOpen(false)}
        testId="pickup-cancel-dialog"
      >
        <p>{t('business.pickups.cancelText')}</p>
      </ConfirmDialog>
    </div>
  );
}
