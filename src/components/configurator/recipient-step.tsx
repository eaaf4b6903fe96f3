'use client';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  addressLevelFor,
  insuranceLimitError,
  issuesToFieldErrors,
  parcelPointSearchText,
  nextStep,
  parcelPointSides,
  previousStep,
  type FieldErrors,
} from '../../lib/configurator-form';
import type { AddressBookEntry } from '../../lib/schemas/address-book';
import { addressLevelSchema, NEW_ADDRESS_ID, type AddressForm } from '../../lib/schemas/address';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import { servicesSchema, type ServicesForm } from '../../lib/schemas/services';
import type { PageLocale } from '../../routes';
import { deliveryPointAtom, draftAtom, selectedQuoteAtom } from '../../state/configurator';
import { SavedAddressPicker } from '../client/addresses/saved-address-picker';
import { savedAddressForm } from '../client/addresses/saved-address';
import { useT } from '../i18n/client';
import { AddressFields } from './address-form';
import { useCountries } from './api';
import { TextField, useStepForm } from './form';
import { ParcelPointPicker } from './parcel-point-picker';
import { ServicesFields } from './services-fields';
import { StepGate, stepHref } from './step-gate';
import { StepLayout } from './step-layout';
import { useStepSubmit } from './use-step-submit';

type Props = { locale: PageLocale; mapsKey: string | null; signedIn: boolean };

/** Step 'recipient': who receives, where (address or delivery point), the services, note and reference. */
export function RecipientStep(props: Props) {
  return (
    <StepGate step="recipient" locale={props.locale}>
      <RecipientForm {...props} />
    </StepGate>
  );
}

const STEP_FIELDS = ['recipient', 'deliveryPoint', 'services', 'note', 'reference'];
const NOTE_MAX = 250;
const REFERENCE_MAX = 100;

function RecipientForm({ locale, mapsKey, signedIn }: Props) {
  const t = useT();
  const [draftOrNull, setDraft] = useAtom(draftAtom);
  const quote = useAtomValue(selectedQuoteAtom)!;
  const [deliveryPoint, setDeliveryPoint] = useAtom(deliveryPointAtom);
  const countries = useCountries(locale);
  const draft = draftOrNull!;
  const submit = useStepSubmit('recipient', locale);
  const [pointWanted, setPointWanted] = useState(deliveryPoint !== null);

  const update = useCallback((patch: Partial<ShipmentDraft>) => setDraft((old) => (old ? { ...old, ...patch } : old)), [setDraft]);
  // an edited address is no longer the saved one (spec §4: only a saved address opens its side)
  const updateRecipient = useCallback(
    (patch: Partial<AddressForm>) => setDraft((old) => (old ? { ...old, recipient: { ...old.recipient, ...patch, id: NEW_ADDRESS_ID } } : old)),
    [setDraft],
  );
  const pickSaved = (entry: AddressBookEntry) => {
    update({ recipient: savedAddressForm(entry) });
    // the side may no longer require a point: one already chosen stays in sight, as an optional choice
    if (deliveryPoint) setPointWanted(true);
  };
  const updateServices = useCallback((services: ServicesForm) => update({ services }), [update]);

  const level = addressLevelFor(quote);
  const sides = parcelPointSides(draft, quote);
  const route = useMemo(() => ({ from: draft.sender.country, to: draft.recipient.country }), [draft.sender.country, draft.recipient.country]);
  const usePoint = sides.recipient === 'required' || (sides.recipient === 'optional' && pointWanted);

  const clientErrors = useMemo(() => {
    const errors: FieldErrors = {
      ...issuesToFieldErrors(v.safeParse(addressLevelSchema(level), draft.recipient).issues, 'recipient'),
      ...issuesToFieldErrors(v.safeParse(servicesSchema(route), draft.services).issues, 'services'),
    };
    const insurance = draft.services.ins.active ? insuranceLimitError(draft.services.ins.data.value, quote.limits.insurance) : null;
    if (insurance) errors['services.ins.value'] ??= insurance;
    if (usePoint && !deliveryPoint) errors.deliveryPoint = 'configurator.pp.required';
    return errors;
  }, [draft.recipient, draft.services, route, level, usePoint, deliveryPoint, quote.limits.insurance]);

  const form = useStepForm(clientErrors);
  const next = nextStep('recipient', quote);

  return (
    <StepLayout
      form={form}
      locale={locale}
      back={{ to: stepHref(previousStep('recipient', quote), locale), label: t('configurator.back') }}
      submitLabel={t(`configurator.continue.${next}`)}
      onSubmit={() => void submit(form, clientErrors, STEP_FIELDS)}
    >
      <section className="cfg-card" aria-labelledby="cfg-recipient-title">
        <h2 id="cfg-recipient-title">{t('configurator.recipient.address')}</h2>
        {signedIn && <SavedAddressPicker locale={locale} side="recipient" current={draft.recipient} onPick={pickSaved} />}
        <AddressFields
          side="recipient"
          address={draft.recipient}
          onChange={updateRecipient}
          form={form}
          countries={countries}
          level={level}
          locale={locale}
          save={signedIn ? { checked: draft.saveRecipientAddress, onChange: (saveRecipientAddress) => update({ saveRecipientAddress }) } : undefined}
        />
      </section>
      {sides.network && sides.recipient !== 'none' && (
        <section className="cfg-card">
          {sides.recipient === 'optional' && (
            <label className="cfg-check">
              <input
                type="checkbox"
                checked={pointWanted}
                data-testid="want-delivery-point"
                onChange={(e) => {
                  setPointWanted(e.target.checked);
                  if (!e.target.checked) setDeliveryPoint(null);
                }}
              />
              <span>
                <strong>{t('configurator.pp.optional')}</strong>
                <span className="cfg-hint">{t('configurator.pp.optionalHint')}</span>
              </span>
            </label>
          )}
          {usePoint && (
            <ParcelPointPicker
              path="deliveryPoint"
              network={sides.network}
              value={deliveryPoint}
              onChange={setDeliveryPoint}
              initialQuery={parcelPointSearchText(draft.recipient)}
              country={draft.recipient.country}
              mapsKey={mapsKey}
              locale={locale}
              form={form}
            />
          )}
        </section>
      )}
      <ServicesFields services={draft.services} onChange={updateServices} route={route} quote={quote} form={form} locale={locale} />
      <section className="cfg-card" aria-labelledby="cfg-more-title">
        <h2 id="cfg-more-title">{t('configurator.more.title')}</h2>
        <div className="cfg-grid">
          <TextField
            form={form}
            path="reference"
            label={t('configurator.more.reference')}
            hint={t('configurator.more.referenceHint')}
            maxLength={REFERENCE_MAX}
            value={draft.reference}
            onChange={(reference) => update({ reference })}
          />
          <TextField
            form={form}
            path="note"
            label={t('configurator.more.note')}
            hint={t('configurator.more.noteHint')}
            maxLength={NOTE_MAX}
            value={draft.note}
            onChange={(note) => update({ note })}
          />
        </div>
      </section>
    </StepLayout>
  );
}
