import type { ShipmentDraft } from './schemas/draft';
import type { PackageType } from './types/quote';
import type { isValidZip, parseDecimal } from './validators';

/**
 * The home quote form's rules: what it checks on "Compare prices" and what a country change
 * keeps. Kept out of the form's island (src/components/quote/quote-form-island.tsx), which
 * loads them with the configurator state on the first focus: the home page's own JavaScript
 * stays within its budget.
 */

export const MEASURES = ['weight', 'length', 'width', 'height'] as const;
/** what one form row may hold; the quote engine applies each carrier's own limits */
export const LIMITS = { weight: 1000, side: 400 };

export type Place = { country: string; zip: string; city: string };
export type PackageRow = { type: PackageType; weight: string; length: string; width: string; height: string };
/** the form's own small model: a draft is built from it only on submit */
export type QuoteFormModel = { sender: Place; recipient: Place; content: PackageRow[] };
/** field key (`sender.zip`, `content.0.weight`) → message id */
export type QuoteFormErrors = Record<string, string>;
type Validators = { isValidZip: typeof isValidZip; parseDecimal: typeof parseDecimal };

/** empty measures take the §5 defaults; what is typed must be a positive number within reason */
export function validateQuoteForm(model: QuoteFormModel, { isValidZip, parseDecimal }: Validators): QuoteFormErrors {
  const errors: QuoteFormErrors = {};
  for (const side of ['sender', 'recipient'] as const) {
    const place = model[side];
    if (!place.country) errors[`${side}.country`] = 'validation.required';
    if (place.zip.trim() && !isValidZip(place.zip, place.country)) errors[`${side}.zip`] = 'validation.zip';
  }
  model.content.forEach((pkg, i) => {
    for (const m of MEASURES) {
      if (pkg[m].trim() === '') continue;
      const value = parseDecimal(pkg[m]);
      const max = m === 'weight' ? LIMITS.weight : LIMITS.side;
      if (value === null || value <= 0) errors[`content.${i}.${m}`] = m === 'weight' ? 'validation.weight' : 'validation.dimension';
      else if (value > max) errors[`content.${i}.${m}`] = m === 'weight' ? 'validation.weightMax' : 'validation.dimensionMax';
    }
  });
  return errors;
}

/**
 * A postcode and town are of the country they were typed for: another country clears them.
 * They stay only when the postcode did not fit the country before and fits the new one
 * (811 04 typed before Slovakia was chosen).
 */
export function placeAfterCountryChange(place: Place, before: string, isValidZipFor: Validators['isValidZip']): Place {
  if (place.zip === '' && place.city === '') return place;
  const typedForNew = place.zip.trim() !== '' && !isValidZipFor(place.zip, before) && isValidZipFor(place.zip, place.country);
  return typedForNew ? place : { country: place.country, zip: '', city: '' };
}

/** the draft the comparison starts from: the form's route and parcels over an empty draft */
export function draftOfQuoteForm(model: QuoteFormModel, base: ShipmentDraft): ShipmentDraft {
  return { ...base, sender: { ...base.sender, ...model.sender }, recipient: { ...base.recipient, ...model.recipient }, content: model.content };
}
