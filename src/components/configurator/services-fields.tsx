'use client';
import { codShown } from '../../lib/configurator-rules';
import { formatMoney } from '../../lib/format';
import { codCurrencies } from '../../lib/quote-rules';
import type { ServicesForm } from '../../lib/schemas/services';
import type { Quote } from '../../lib/types/quote';
import { looksLikeIban, parseDecimal } from '../../lib/validators';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { Field, TextField, fieldId, useErrorText, type StepForm } from './form';
import { intlLocaleOf } from './step-layout';

type Props = {
  services: ServicesForm;
  onChange: (services: ServicesForm) => void;
  route: { from: string; to: string };
  quote: Quote;
  form: StepForm;
  locale: PageLocale;
};

/** Additional services (spec §3): cash on delivery, insurance up to the carrier's limit, hdf. */
export function ServicesFields({ services, onChange, route, quote, form, locale }: Props) {
  const t = useT();
  const intl = intlLocaleOf(locale);
  const { cod, ins, hdf } = services;
  const currencies = codCurrencies(route.from, route.to);
  const limit = quote.limits.insurance;
  const iban = looksLikeIban(cod.data.bankAccount.accountNumber);

  const setCod = (data: Partial<ServicesForm['cod']['data']>, active = cod.active) => onChange({ ...services, cod: { ...cod, active, data: { ...cod.data, ...data } } });
  const setBank = (bank: Partial<ServicesForm['cod']['data']['bankAccount']>) => setCod({ bankAccount: { ...cod.data.bankAccount, ...bank } });
  const codAmount = parseDecimal(cod.data.value);
  const collected = codAmount !== null && codAmount > 0 ? codShown({ ...cod.data, value: codAmount }, quote) : null;
  // the carrier's maximum in the chosen currency, stated before the amount is typed
  const codMax = cod.data.currency === 'CZK' || cod.data.currency === 'EUR' ? quote.limits.cod?.[cod.data.currency] : undefined;

  return (
    <section className="cfg-card" aria-labelledby="cfg-services-title" data-testid="services">
      <h2 id="cfg-services-title">{t('configurator.services.title')}</h2>

      {(currencies.length > 0 || cod.active) && (
        <div className={`cfg-service${cod.active ? ' is-active' : ''}`}>
          <ServiceToggle
            form={form}
            path="services.cod"
            checked={cod.active}
            title={t('configurator.services.cod')}
            hint={t('configurator.services.codHint')}
            onChange={(checked) => {
              const currency = currencies.includes(cod.data.currency as (typeof currencies)[number]) ? cod.data.currency : (currencies[0] ?? '');
              setCod({ currency }, checked);
            }}
          />
          {cod.active && (
            <div className="cfg-grid">
              <TextField
                form={form}
                path="services.cod.value"
                label={`${t('configurator.services.codAmount')} *`}
                inputMode="decimal"
                value={cod.data.value}
                onChange={(value) => setCod({ value })}
                hint={
                  collected === null || !cod.data.includeShipmentCosts
                    ? codMax === undefined
                      ? undefined
                      : t('configurator.services.codMax', { max: formatMoney(codMax, cod.data.currency, intl, { round: true }) })
                    : collected.shippingPending
                      ? t('configurator.services.codPlusShipping')
                      : t('configurator.services.codCollected', { amount: formatMoney(collected.value, collected.currency, intl) })
                }
              />
              <Field form={form} path="services.cod.currency" label={`${t('configurator.services.currency')} *`}>
                {(control) => (
                  <select
                    {...control}
                    value={cod.data.currency}
                    onChange={(e) => {
                      form.changed('services.cod.currency');
                      setCod({ currency: e.target.value });
                    }}
                  >
                    {!currencies.includes(cod.data.currency as (typeof currencies)[number]) && <option value={cod.data.currency}>{cod.data.currency || '—'}</option>}
                    {currencies.map((currency) => (
                      <option key={currency} value={currency}>
                        {currency}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <label className="cfg-check cfg-span-2">
                <input type="checkbox" id="f-services-cod-includeShipmentCosts" checked={cod.data.includeShipmentCosts} onChange={(e) => setCod({ includeShipmentCosts: e.target.checked })} />
                <span>{t('configurator.services.codIncludeShipping')}</span>
              </label>
              <TextField
                form={form}
                path="services.cod.bankAccount.accountNumber"
                label={`${t('configurator.services.account')} *`}
                hint={t('configurator.services.accountHint')}
                value={cod.data.bankAccount.accountNumber}
                autoComplete="off"
                maxLength={40}
                onChange={(accountNumber) => setBank({ accountNumber })}
                className={iban ? 'cfg-span-2' : undefined}
              />
              {!iban && (
                <TextField
                  form={form}
                  path="services.cod.bankAccount.bankCode"
                  label={`${t('configurator.services.bankCode')} *`}
                  inputMode="numeric"
                  maxLength={4}
                  placeholder="0100"
                  value={cod.data.bankAccount.bankCode}
                  onChange={(bankCode) => setBank({ bankCode })}
                />
              )}
              <TextField
                form={form}
                path="services.cod.bankAccount.variable"
                label={t('configurator.services.variable')}
                inputMode="numeric"
                maxLength={10}
                value={cod.data.bankAccount.variable}
                onChange={(variable) => setBank({ variable })}
              />
            </div>
          )}
        </div>
      )}

      <div className={`cfg-service${ins.active ? ' is-active' : ''}`}>
        <ServiceToggle
          form={form}
          path="services.ins"
          checked={ins.active}
          title={t('configurator.services.ins')}
          hint={t('configurator.services.insHint', { max: formatMoney(limit.value, limit.currency, intl) })}
          onChange={(checked) => onChange({ ...services, ins: { ...ins, active: checked, data: { ...ins.data, currency: limit.currency } } })}
        />
        {ins.active && (
          <div className="cfg-grid">
            <TextField
              form={form}
              path="services.ins.value"
              label={`${t('configurator.services.insValue')} (${ins.data.currency || limit.currency}) *`}
              inputMode="decimal"
              value={ins.data.value}
              onChange={(value) => onChange({ ...services, ins: { ...ins, data: { ...ins.data, value } } })}
            />
          </div>
        )}
      </div>

      <div className={`cfg-service${hdf.active ? ' is-active' : ''}`}>
        <ServiceToggle
          form={form}
          path="services.hdf"
          checked={hdf.active}
          title={t('configurator.services.hdf')}
          hint={t('configurator.services.hdfHint')}
          onChange={(checked) => onChange({ ...services, hdf: { ...hdf, active: checked } })}
        />
      </div>
    </section>
  );
}

type ToggleProps = { form: StepForm; path: string; checked: boolean; title: string; hint: string; onChange: (checked: boolean) => void };

/** A service's checkbox; a restriction of the whole service (e.g. not offered by the carrier) shows under it. */
function ServiceToggle({ form, path, checked, title, hint, onChange }: ToggleProps) {
  const errorText = useErrorText();
  const error = form.errors[path];
  const id = fieldId(path);
  return (
    <>
      <label className="cfg-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          data-field={path}
          data-testid={`service-${path.split('.').pop()}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            form.changed(path);
            onChange(e.target.checked);
          }}
        />
        <span>
          <strong>{title}</strong>
          <span className="cfg-hint">{hint}</span>
        </span>
      </label>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {errorText(error)}
        </p>
      )}
    </>
  );
}
