'use client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { useRouter } from 'waku';
import { ApiClientError } from '../../../api/client';
import { issueErrors, serverErrors, type FormErrors } from '../../../lib/form-errors';
import { NOTE_MAX, PICKUP_COUNTRIES, PickupPlaceSchema, type PickupPlaceInput } from '../../../lib/schemas/business';
import type { PageLocale } from '../../../routes';
import type { PickupPlaceView } from '../../../server/services/business/pickup-places';
import { FormMessage, focusFirstInvalid, SubmitButton, TextInput, useErrorText } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { createPlace, deletePlace, errorText, updatePlace } from './api';
import { FormDialog } from '../../ui/form-dialog';
import { useReloadAction } from './use-reload-action';
import './business.css';

type Fields = Required<PickupPlaceInput>;
const EMPTY: Fields = { name: '', company: '', contact_person: '', phone: '', email: '', street: '', city: '', zip: '', country: 'cz', note: '' };
const fieldsOf = (p: PickupPlaceView): Fields => ({ name: p.name, company: p.company, contact_person: p.contact_person, phone: p.phone, email: p.email, street: p.street, city: p.city, zip: p.zip, country: p.country, note: p.note });

/** the place's form: checked like the server checks it, server errors beside their fields */
function PlaceForm({ locale, place, onSaved, onCancel }: { locale: PageLocale; place: PickupPlaceView | null; onSaved: (saved: PickupPlaceView) => void; onCancel: () => void }) {
  const t = useT();
  const errorWords = useErrorText();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>(place ? fieldsOf(place) : EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = v.safeParse(PickupPlaceSchema, fields);
  const errors: FormErrors = { ...(submitted && !parsed.success ? issueErrors(parsed.issues) : {}), ...server };
  const set = (key: keyof Fields) => (value: string) => {
    setFields((old) => ({ ...old, [key]: value }));
    setServer(({ [key]: _dropped, ...rest }) => rest);
  };
  const idOf = (key: keyof Fields) => `place-${key}`;
  const input = (key: keyof Fields, extra: { type?: 'text' | 'email' | 'tel'; autoComplete?: string; required?: boolean; maxLength?: number } = {}) => (
    <TextInput id={idOf(key)} label={t(`business.place.${key}`)} value={fields[key]} onChange={set(key)} error={errors[key]} required={extra.required ?? true} {...extra} />
  );

  const save = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!parsed.success) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      onSaved(place ? await updatePlace(place.id, fields, locale) : await createPlace(fields, locale));
    } catch (error) {
      const found = error instanceof ApiClientError ? serverErrors(error.errors) : {};
      const onFields = Object.keys(found).filter((k) => k in EMPTY);
      setServer(found);
      if (onFields.length === 0) setMessage(errorText(error, t, 'business.error.generic'));
      focusFirstInvalid(form.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      ref={form}
      className="acc-form"
      noValidate
      data-testid="place-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="acc-grid">
        {input('name', { maxLength: 100 })}
        {input('company', { required: false, maxLength: 200, autoComplete: 'organization' })}
        {input('contact_person', { maxLength: 100, autoComplete: 'name' })}
        {input('phone', { type: 'tel', autoComplete: 'tel' })}
        {input('email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
        {input('street', { maxLength: 200, autoComplete: 'street-address' })}
        {input('city', { maxLength: 100, autoComplete: 'address-level2' })}
        {input('zip', { maxLength: 10, autoComplete: 'postal-code' })}
        <div className="acc-field">
          <label htmlFor={idOf('country')}>
            {t('business.place.country')}
            <span aria-hidden="true"> *</span>
          </label>
          <select id={idOf('country')} value={fields.country} onChange={(e) => set('country')(e.target.value)} aria-invalid={errors.country ? true : undefined}>
            {PICKUP_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`business.country.${c}`)}
              </option>
            ))}
          </select>
          {errors.country && <p className="field-error">{errorWords(errors.country)}</p>}
        </div>
      </div>
      <div className="acc-field">
        <label htmlFor={idOf('note')}>{t('business.place.note')}</label>
        <textarea id={idOf('note')} rows={2} maxLength={NOTE_MAX} value={fields.note} onChange={(e) => set('note')(e.target.value)} aria-invalid={errors.note ? true : undefined} />
        <p className="acc-hint">{t('business.place.noteHint')}</p>
        {errors.note && <p className="field-error">{errorWords(errors.note)}</p>}
      </div>
      {message && (
        <FormMessage kind="error" testId="place-message">
          {message}
        </FormMessage>
      )}
      <div className="biz-form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('business.cancel')}
        </button>
        <SubmitButton busy={busy} testId="place-save">
          {t('business.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** svozova-mista: the "add a place" button and its dialog */
export function AddPlaceButton({ locale }: { locale: PageLocale }) {
  const t = useT();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="place-add">
        {t('business.places.add')}
      </button>
      <FormDialog className="biz-dialog" open={open} title={t('business.places.addTitle')} onClose={() => setOpen(false)} testId="place-add-dialog">
        <PlaceForm
          locale={locale}
          place={null}
          onCancel={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            void router.reload();
          }}
        />
      </FormDialog>
    </>
  );
}

/** svozova-mista: edit and delete (with confirmation) on one place of the list */
export function PlaceRowActions({ locale, place }: { locale: PageLocale; place: PickupPlaceView }) {
  const t = useT();
  const router = useRouter();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const { busy, error, run } = useReloadAction();
  const remove = () => {
    setDialog(null);
    return run(() => deletePlace(place.id, locale));
  };
  return (
    <div className="biz-row-actions">
      <button type="button" className="button" onClick={() => setDialog('edit')} aria-label={`${t('business.edit')}: ${place.name}`} data-testid="place-edit">
        {t('business.edit')}
      </button>
      <button type="button" className="button biz-danger-outline" disabled={busy} onClick={() => setDialog('delete')} aria-label={`${t('business.delete')}: ${place.name}`} data-testid="place-delete">
        {t('business.delete')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormDialog className="biz-dialog" open={dialog === 'edit'} title={t('business.places.editTitle')} onClose={() => setDialog(null)} testId="place-edit-dialog">
        <PlaceForm
          locale={locale}
          place={place}
          onCancel={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void router.reload();
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('business.places.deleteTitle')}
        confirmLabel={t('business.delete')}
        cancelLabel={t('business.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDialog(null)}
        testId="place-delete-dialog"
      >
        <p>{t('business.places.deleteText', { name: place.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
