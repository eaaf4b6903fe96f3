'use client';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { countryOptions, issuesToFieldErrors, previousStep } from '../../lib/configurator-form';
import { CUSTOMS_REASONS, CustomsSchema, emptyCustoms, emptyCustomsItem, type CustomsForm, type CustomsItemForm } from '../../lib/schemas/customs';
import type { PageLocale } from '../../routes';
import { draftAtom, selectedQuoteAtom } from '../../state/configurator';
import { useT } from '../i18n/client';
import { useCountries } from './api';
import { Field, TextField, useStepForm } from './form';
import { StepGate, stepHref } from './step-gate';
import { StepLayout } from './step-layout';
import { useStepSubmit } from './use-step-submit';
import { CustomsInvoiceUpload } from './customs-invoice-upload';

type Props = { locale: PageLocale };

/** Step 'customs' (only when the quote needs customs clearance): reason, items, invoice, EORI. */
export function CustomsStep(props: Props) {
  return (
    <StepGate step="customs" locale={props.locale}>
      <CustomsFormView {...props} />
    </StepGate>
  );
}

const STEP_FIELDS = ['customs'];
const MAX_ITEMS = 100;

function CustomsFormView({ locale }: Props) {
  const t = useT();
  const [draftOrNull, setDraft] = useAtom(draftAtom);
  const quote = useAtomValue(selectedQuoteAtom)!;
  const countries = useCountries(locale);
  const draft = draftOrNull!;
  const submit = useStepSubmit('customs', locale);
  const customs = draft.customsClearance;

  const shipmentCurrency = draft.currency || quote.priceVat?.currency || quote.limits.insurance.currency;

  // the step starts with one empty item, values in the shipment's currency
  useEffect(() => {
    if (customs?.currency) return;
    setDraft((old) =>
      old ? { ...old, customsClearance: { ...(old.customsClearance ?? emptyCustoms(shipmentCurrency)), currency: shipmentCurrency } } : old,
    );
  }, [customs, shipmentCurrency, setDraft]);

  const update = useCallback(
    (patch: Partial<CustomsForm>) =>
      setDraft((old) => (old ? { ...old, customsClearance: { ...(old.customsClearance ?? emptyCustoms(shipmentCurrency)), ...patch } } : old)),
    [setDraft, shipmentCurrency],
  );

  const clientErrors = useMemo(() => issuesToFieldErrors(v.safeParse(CustomsSchema, customs ?? {}).issues, 'customs'), [customs]);
  const form = useStepForm(clientErrors);
  const { favourites, others } = countryOptions(countries);

  if (!customs) return null;

  const setItem = (index: number, patch: Partial<CustomsItemForm>) => update({ items: customs.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  const currency = customs.currency;

  return (
    <StepLayout
      form={form}
      locale={locale}
      back={{ to: stepHref(previousStep('customs', quote), locale), label: t('configurator.back') }}
      submitLabel={t('configurator.continue.summary')}
      onSubmit={() => void submit(form, clientErrors, STEP_FIELDS)}
    >
      <section className="cfg-card" aria-labelledby="cfg-customs-title">
        <h2 id="cfg-customs-title">{t('configurator.customs.title')}</h2>
        <p className="cfg-hint">{t('configurator.customs.intro')}</p>
        <div className="cfg-grid">
          <Field form={form} path="customs.reason" label={`${t('configurator.customs.reason')} *`}>
            {(control) => (
              <select {...control} value={customs.reason} onChange={(e) => update({ reason: e.target.value as CustomsForm['reason'] })}>
                {CUSTOMS_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`configurator.customs.reason.${reason}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            form={form}
            path="customs.eori"
            label={t('configurator.customs.eori')}
            hint={t('configurator.customs.eoriHint')}
            maxLength={17}
            value={customs.eori}
            onChange={(eori) => update({ eori })}
          />
        </div>
      </section>

      <section className="cfg-card" aria-labelledby="cfg-items-title">
        <h2 id="cfg-items-title">{t('configurator.customs.items')}</h2>
        {form.errors['customs.items'] && <p className="field-error">{t(form.errors['customs.items'])}</p>}
        <ol className="cfg-items">
          {customs.items.map((item, index) => {
            const path = (field: string) => `customs.items.${index}.${field}`;
            return (
              <li key={index} className="cfg-item" data-testid="customs-item">
                <div className="cfg-item-head">
                  <strong>{t('configurator.customs.item', { number: index + 1 })}</strong>
                  {customs.items.length > 1 && (
                    <button type="button" className="cfg-link-button" onClick={() => update({ items: customs.items.filter((_, i) => i !== index) })}>
                      {t('configurator.customs.removeItem')}
                    </button>
                  )}
                </div>
                <div className="cfg-grid cfg-grid-items">
                  <TextField
                    form={form}
                    path={path('name')}
                    label={`${t('configurator.customs.itemName')} *`}
                    hint={t('configurator.customs.itemNameHint')}
                    maxLength={200}
                    value={item.name}
                    onChange={(name) => setItem(index, { name })}
                    className="cfg-span-2"
                  />
                  <Field form={form} path={path('country')} label={`${t('configurator.customs.origin')} *`}>
                    {(control) => (
                      <select
                        {...control}
                        value={item.country}
                        onChange={(e) => {
                          form.changed(path('country'));
                          setItem(index, { country: e.target.value });
                        }}
                      >
                        <option value="">—</option>
                        {[...favourites, ...others].map((country) => (
                          <option key={country.code} value={country.code}>
                            {country.name}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <TextField
                    form={form}
                    path={path('quantity')}
                    label={`${t('configurator.customs.quantity')} *`}
                    inputMode="numeric"
                    maxLength={6}
                    value={item.quantity}
                    onChange={(quantity) => setItem(index, { quantity })}
                  />
                  <TextField
                    form={form}
                    path={path('value')}
                    label={`${t('configurator.customs.value', { currency })} *`}
                    inputMode="decimal"
                    maxLength={12}
                    value={item.value}
                    onChange={(value) => setItem(index, { value })}
                  />
                  <TextField
                    form={form}
                    path={path('hsCode')}
                    label={t('configurator.customs.hsCode')}
                    hint={t('configurator.customs.hsCodeHint')}
                    inputMode="numeric"
                    maxLength={14}
                    value={item.hsCode}
                    onChange={(hsCode) => setItem(index, { hsCode })}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        {customs.items.length < MAX_ITEMS && (
          <button type="button" className="button" onClick={() => update({ items: [...customs.items, emptyCustomsItem(draft.sender.country)] })}>
            + {t('configurator.customs.addItem')}
          </button>
        )}
      </section>

      <section className="cfg-card" aria-labelledby="cfg-invoice-title">
        <h2 id="cfg-invoice-title">{t('configurator.customs.invoice')}</h2>
        {quote.attributes.ownInvoiceUploadAllowed ? (
          <>
            <p className="cfg-hint">{t('configurator.customs.upload.intro')}</p>
            <CustomsInvoiceUpload locale={locale} ids={customs.invoiceFiles} onChange={(invoiceFiles) => update({ invoiceFiles })} />
          </>
        ) : (
          <p className="cfg-hint">{t('configurator.customs.invoiceCreated')}</p>
        )}
      </section>
    </StepLayout>
  );
}
