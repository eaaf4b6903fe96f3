'use client';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  addressLevelFor,
  issuesToFieldErrors,
  parcelPointSearchText,
  needsPickupDate,
  parcelPointSides,
  previousStep,
  type FieldErrors,
  type TimeWindow,
} from '../../lib/configurator-form';
import type { AddressBookEntry } from '../../lib/schemas/address-book';
import { addressLevelSchema, NEW_ADDRESS_ID, type AddressForm } from '../../lib/schemas/address';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { PageLocale } from '../../routes';
import { collectionPointAtom, draftAtom, selectedQuoteAtom } from '../../state/configurator';
import { SavedAddressPicker } from '../client/addresses/saved-address-picker';
import { canPrefillSender, savedAddressForm } from '../client/addresses/saved-address';
import { useT } from '../i18n/client';
import { AddressFields } from './address-form';
import { useCountries } from './api';
import { useStepForm } from './form';
import { ParcelPointPicker } from './parcel-point-picker';
import { PickupFields } from './pickup-fields';
import { StepGate, stepHref } from './step-gate';
import { StepLayout } from './step-layout';
import { useStepSubmit } from './use-step-submit';

type Props = { locale: PageLocale; mapsKey: string | null; signedIn: boolean };

/** Step 'sender': who sends, from where (address or collection point) and, for a courier pickup, when. */
export function SenderStep(props: Props) {
  return (
    <StepGate step="sender" locale={props.locale}>
      <SenderForm {...props} />
    </StepGate>
  );
}

const STEP_FIELDS = ['sender', 'collectionPoint', 'pickupDate', 'pickupTime'];

function SenderForm({ locale, mapsKey, signedIn }: Props) {
  const t = useT();
  const [draftOrNull, setDraft] = useAtom(draftAtom);
  const quote = useAtomValue(selectedQuoteAtom)!;
  const [collectionPoint, setCollectionPoint] = useAtom(collectionPointAtom);
  const countries = useCountries(locale);
  const [windows, setWindows] = useState<TimeWindow[] | null>(null);
  const draft = draftOrNull!;
  const submit = useStepSubmit('sender', locale);

  const update = useCallback((patch: Partial<ShipmentDraft>) => setDraft((old) => (old ? { ...old, ...patch } : old)), [setDraft]);
  // an edited address is no longer the saved one (spec §4: only a saved address opens its side)
  const updateSender = useCallback(
    (patch: Partial<AddressForm>) => setDraft((old) => (old ? { ...old, sender: { ...old.sender, ...patch, id: NEW_ADDRESS_ID } } : old)),
    [setDraft],
  );
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const pickSaved = (entry: AddressBookEntry) => {
    const sender = savedAddressForm(entry);
    update({ sender });
    // the side may open now: a collection point it no longer shows must not be ordered
    if (parcelPointSides({ ...draftRef.current, sender }, quote).sender === 'none') setCollectionPoint(null);
  };
  const prefillDefault = (entry: AddressBookEntry) => {
    if (!canPrefillSender(draftRef.current.sender, entry)) return false;
    pickSaved(entry);
    return true;
  };

  const level = addressLevelFor(quote);
  const sides = parcelPointSides(draft, quote);
  const pickup = needsPickupDate(quote);

  const clientErrors = useMemo(() => {
    const errors: FieldErrors = issuesToFieldErrors(v.safeParse(addressLevelSchema(level), draft.sender).issues, 'sender');
    if (sides.sender === 'required' && !collectionPoint) errors.collectionPoint = 'configurator.pp.required';
    if (pickup && !draft.pickupDate) errors.pickupDate = 'validation.required';
    if (pickup && windows && windows.length > 0 && !draft.pickupTime) errors.pickupTime = 'validation.required';
    return errors;
  }, [draft.sender, draft.pickupDate, draft.pickupTime, level, sides.sender, collectionPoint, pickup, windows]);

  const form = useStepForm(clientErrors);

  return (
    <StepLayout
      form={form}
      locale={locale}
      back={{ to: stepHref(previousStep('sender', quote), locale), label: t('configurator.back') }}
      submitLabel={t('configurator.continue.recipient')}
      onSubmit={() => void submit(form, clientErrors, STEP_FIELDS)}
    >
      <section className="cfg-card" aria-labelledby="cfg-sender-title">
        <h2 id="cfg-sender-title">{t('configurator.sender.address')}</h2>
        {signedIn && <SavedAddressPicker locale={locale} side="sender" current={draft.sender} onPick={pickSaved} onDefaultSender={prefillDefault} />}
        <AddressFields
          side="sender"
          address={draft.sender}
          onChange={updateSender}
          form={form}
          countries={countries}
          level={level}
          locale={locale}
          save={signedIn ? { checked: draft.saveSenderAddress, onChange: (saveSenderAddress) => update({ saveSenderAddress }) } : undefined}
        />
      </section>
      {sides.network && sides.sender === 'required' && (
        <section className="cfg-card">
          <ParcelPointPicker
            path="collectionPoint"
            network={sides.network}
            value={collectionPoint}
            onChange={setCollectionPoint}
            initialQuery={parcelPointSearchText(draft.sender)}
            country={draft.sender.country}
            mapsKey={mapsKey}
            locale={locale}
            form={form}
          />
        </section>
      )}
      {pickup && (
        <PickupFields
          quote={quote}
          senderCountry={draft.sender.country}
          value={{ pickupDate: draft.pickupDate, pickupTime: draft.pickupTime, fromTime: draft.fromTime, toTime: draft.toTime }}
          onChange={update}
          onWindows={setWindows}
          form={form}
          locale={locale}
        />
      )}
    </StepLayout>
  );
}
