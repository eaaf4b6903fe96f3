'use client';
import { useEffect } from 'react';
import { countryOptions } from '../../lib/configurator-form';
import type { AddressForm, AddressLevel } from '../../lib/schemas/address';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import type { Country } from './api';
import { CityInput } from './city-input';
import { Field, TextField, requiredLabel, type StepForm } from './form';

type Props = {
  /** the form's field-path prefix: a side of the shipment, or an address of the book */
  side: 'sender' | 'recipient' | 'book';
  address: AddressForm;
  onChange: (patch: Partial<AddressForm>) => void;
  form: StepForm;
  countries: Country[];
  level: AddressLevel;
  locale: PageLocale;
  /** the save-to-address-book checkbox; absent for anonymous users */
  save?: { checked: boolean; onChange: (checked: boolean) => void };
};

function uniquePrefixes(countries: Country[]): { prefix: string; code: string }[] {
  const seen = new Map<string, string>();
  for (const country of countries) if (country.phone_prefix && !seen.has(country.phone_prefix)) seen.set(country.phone_prefix, country.code);
  return [...seen].map(([prefix, code]) => ({ prefix, code }));
}

/** One address of the shipment, validated at the completeness level the quote needs; every keystroke goes to the draft. */
export function AddressFields({ side, address, onChange, form, countries, level, locale, save }: Props) {
  const t = useT();
  const path = (field: string) => `${side}.${field}`;
  const { favourites, others } = countryOptions(countries);
  const allowed = [...favourites, ...others];
  const prefixes = uniquePrefixes(allowed);
  const full = level === 2;
  const company = address.companyName.trim() !== '';
  const czsk = ['cz', 'sk'].includes(address.country.toLowerCase());
  const prefixOf = (code: string) => countries.find((country) => country.code === code)?.phone_prefix ?? '';
  // until a number is typed, the phone prefix follows the address country (a US recipient gets +1)
  const countryPrefix = prefixOf(address.country);
  useEffect(() => {
    if (countryPrefix && !address.phoneNumber.number && address.phoneNumber.prefix !== countryPrefix) {
      onChange({ phoneNumber: { prefix: countryPrefix, number: '' } });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countryPrefix, address.phoneNumber.number]);
  // the stored country may be missing from a list still loading: keep it selectable
  const knownCountry = allowed.some((country) => country.code === address.country);

  const changeCountry = (code: string) => {
    const oldPrefix = prefixOf(address.country);
    const prefix = address.phoneNumber.prefix === '' || address.phoneNumber.prefix === oldPrefix ? prefixOf(code) : address.phoneNumber.prefix;
    form.changed(path('country'));
    onChange({ country: code, phoneNumber: { ...address.phoneNumber, prefix } });
  };

  return (
    <div className="cfg-address" data-testid={`${side}-address`}>
      <Field form={form} path={path('country')} label={requiredLabel(t('configurator.address.country'), true)} className="cfg-span-2">
        {(control) => (
          <select {...control} autoComplete="country" value={address.country} onChange={(e) => changeCountry(e.target.value)}>
            {!knownCountry && <option value={address.country}>{address.country.toUpperCase() || '—'}</option>}
            {favourites.length > 0 && (
              <optgroup label={t('configurator.address.favouriteCountries')}>
                {favourites.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </optgroup>
            )}
            {others.length > 0 && (
              <optgroup label={t('configurator.address.otherCountries')}>
                {others.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <TextField
        form={form}
        path={path('companyName')}
        label={t('configurator.address.company')}
        hint={full ? t('configurator.address.companyHint') : undefined}
        value={address.companyName}
        autoComplete="organization"
        maxLength={100}
        onChange={(companyName) => onChange({ companyName })}
        className="cfg-span-2"
      />
      <TextField
        form={form}
        path={path('firstName')}
        label={requiredLabel(t('configurator.address.firstName'), full && !company)}
        value={address.firstName}
        autoComplete="given-name"
        maxLength={50}
        onChange={(firstName) => onChange({ firstName })}
      />
      <TextField
        form={form}
        path={path('lastName')}
        label={requiredLabel(t('configurator.address.lastName'), full && !company)}
        value={address.lastName}
        autoComplete="family-name"
        maxLength={50}
        onChange={(lastName) => onChange({ lastName })}
      />
      {company && (
        <>
          <TextField
            form={form}
            path={path('tin')}
            label={t('configurator.address.tin')}
            value={address.tin}
            inputMode="numeric"
            maxLength={12}
            onChange={(tin) => onChange({ tin })}
          />
          <TextField
            form={form}
            path={path('vatin')}
            label={t('configurator.address.vatin')}
            value={address.vatin}
            maxLength={16}
            onChange={(vatin) => onChange({ vatin })}
          />
        </>
      )}
      <TextField
        form={form}
        path={path('street')}
        label={requiredLabel(t('configurator.address.street'), level >= 1)}
        value={address.street}
        autoComplete="address-line1"
        maxLength={100}
        onChange={(street) => onChange({ street })}
        className="cfg-span-2"
      />
      <Field form={form} path={path('city')} label={requiredLabel(t('configurator.address.city'), true)}>
        {(control) => (
          <CityInput
            control={control}
            value={address.city}
            country={address.country}
            locale={locale}
            onChange={(city) => {
              form.changed(path('city'));
              onChange({ city });
            }}
            onPick={(suggestion) => {
              form.changed(path('city'));
              form.changed(path('zip'));
              onChange({ city: suggestion.city, zip: suggestion.zip ? `${suggestion.zip.slice(0, 3)} ${suggestion.zip.slice(3)}` : address.zip });
            }}
          />
        )}
      </Field>
      <TextField
        form={form}
        path={path('zip')}
        label={requiredLabel(t('configurator.address.zip'), true)}
        value={address.zip}
        inputMode={czsk ? 'numeric' : 'text'}
        autoComplete="postal-code"
        placeholder={czsk ? '123 45' : undefined}
        maxLength={10}
        onChange={(zip) => onChange({ zip })}
      />
      <Field form={form} path={path('phoneNumber.number')} label={requiredLabel(t('configurator.address.phone'), full)}>
        {(control) => (
          <div className="cfg-phone">
            <select
              aria-label={t('configurator.address.phonePrefix')}
              autoComplete="tel-country-code"
              value={address.phoneNumber.prefix}
              onChange={(e) => {
                form.changed(path('phoneNumber.number'));
                onChange({ phoneNumber: { ...address.phoneNumber, prefix: e.target.value } });
              }}
            >
              {!prefixes.some((entry) => entry.prefix === address.phoneNumber.prefix) && (
                <option value={address.phoneNumber.prefix}>{address.phoneNumber.prefix || '—'}</option>
              )}
              {prefixes.map(({ prefix, code }) => (
                <option key={prefix} value={prefix}>
                  {`${prefix} (${code.toUpperCase()})`}
                </option>
              ))}
            </select>
            <input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
              value={address.phoneNumber.number}
              onChange={(e) => {
                form.changed(path('phoneNumber.number'));
                onChange({ phoneNumber: { ...address.phoneNumber, number: e.target.value } });
              }}
            />
          </div>
        )}
      </Field>
      <TextField
        form={form}
        path={path('email')}
        label={requiredLabel(t('configurator.address.email'), full)}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={100}
        value={address.email}
        onChange={(email) => onChange({ email })}
      />
      {save && (
        <label className="cfg-check cfg-span-2">
          <input type="checkbox" checked={save.checked} onChange={(e) => save.onChange(e.target.checked)} />
          <span>{t('configurator.address.save')}</span>
        </label>
      )}
    </div>
  );
}
