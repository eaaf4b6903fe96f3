'use client';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ApiClientError } from '../../../api/client';
import type { FieldError } from '../../../lib/api-errors';
import { formFieldOf } from '../../../lib/api-errors';
import { issuesToFieldErrors, type FieldErrors } from '../../../lib/configurator-form';
import type { AddressBookEntry } from '../../../lib/schemas/address-book';
import { AddressSchema, emptyAddress, type AddressForm } from '../../../lib/schemas/address';
import type { PageLocale } from '../../../routes';
import { SubmitButton } from '../../account/form-kit';
import { AddressFields } from '../../configurator/address-form';
import { useCountries } from '../../configurator/api';
import { FormMessages, useStepForm } from '../../configurator/form';
import { useT } from '../../i18n/client';
import { bookInputOf, createAddress, updateAddress } from './api';
import { savedAddressForm } from './saved-address';
import '../../configurator/configurator.css';
import './addresses.css';

const PREFIX = 'book';

/** server field names (§8) → the form's paths: company → book.companyName, phone → book.phoneNumber.number */
function bookFieldErrors(errors: readonly FieldError[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const error of errors) {
    const path = /^phone(_number)?$/.test(error.field) ? `${PREFIX}.phoneNumber.number` : formFieldOf(`${PREFIX}.${error.field}`);
    mapped[path] ??= error.code;
  }
  return mapped;
}

/** a saved address as the form holds it (a new one: Czech, +420) */
const formOf = (entry: AddressBookEntry | null): AddressForm => (entry ? savedAddressForm(entry) : emptyAddress('cz', '+420'));

type Props = {
  locale: PageLocale;
  /** the address to edit; null adds one */
  entry: AddressBookEntry | null;
  onSaved: (entry: AddressBookEntry) => void;
  cancel: { href: string } | { onClick: () => void };
};

/**
 * An address of the book, with the configurator's own fields and rules (spec §3, §5): the
 * same inputs, city suggestions and phone prefixes, checked as the sender step checks them,
 * then by the server; its field errors land on the fields (§8).
 */
export function AddressBookForm({ locale, entry, onSaved, cancel }: Props) {
  const t = useT();
  const countries = useCountries(locale);
  const [address, setAddress] = useState<AddressForm>(() => formOf(entry));
  const [isDefault, setIsDefault] = useState(entry?.is_default_sender ?? false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const clientErrors = useMemo(() => issuesToFieldErrors(v.safeParse(AddressSchema, address).issues, PREFIX), [address]);
  const form = useStepForm(clientErrors);

  const submit = async () => {
    setMessage(null);
    if (Object.keys(clientErrors).length > 0) return form.fail();
    setBusy(true);
    try {
      const input = bookInputOf(address, isDefault);
      onSaved(entry ? await updateAddress(entry.id, input, locale) : await createAddress(input, locale));
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 400 && error.errors.length > 0) form.fail(bookFieldErrors(error.errors));
      else if (error instanceof ApiClientError && error.status === 409) setMessage(t('addresses.error.full'));
      else if (error instanceof ApiClientError && error.status === 404) setMessage(t('addresses.error.notFound'));
      else setMessage(t('addresses.error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      ref={form.formRef}
      className="cfg-form ab-form"
      noValidate
      data-testid="address-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormMessages form={form} />
      <AddressFields side={PREFIX} address={address} onChange={(patch) => setAddress((old) => ({ ...old, ...patch }))} form={form} countries={countries} level={2} locale={locale} />
      <label className="cfg-check">
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} data-testid="address-default-sender-input" />
        <span>
          <strong>{t('addresses.form.defaultSender')}</strong>
          <span className="cfg-hint">{t('addresses.form.defaultSenderHint')}</span>
        </span>
      </label>
      {message && (
        <p className="acc-message acc-error" role="alert" data-testid="address-form-message">
          {message}
        </p>
      )}
      <div className="ab-actions">
        {'href' in cancel ? (
          <a className="button" href={cancel.href}>
            {t('addresses.form.cancel')}
          </a>
        ) : (
          <button type="button" className="button" onClick={cancel.onClick}>
            {t('addresses.form.cancel')}
          </button>
        )}
        <SubmitButton busy={busy} testId="address-save">
          {t('addresses.form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
