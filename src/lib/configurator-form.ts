import type * as v from 'valibot';
import { fieldErrorMap, formFieldOf, issueCode, type FieldError } from './api-errors';
import { requiresCustoms, type StepId } from './configurator-rules';
import { roundMoney } from './money';
import { parcelPointRequirement } from './parcel-point-rules';
import { NEW_ADDRESS_ID, type AddressForm, type AddressLevel } from './schemas/address';
import type { ShipmentDraft } from './schemas/draft';
import { PARCEL_POINT_CARRIERS, type Charge, type Money, type ParcelPoint, type ParcelPointCarrier, type Quote, type QuoteProblem } from './types/quote';
import { parseDecimal } from './validators';

/**
 * Pure helpers of the configurator steps (sender, recipient, customs, summary): error maps
 * keyed by form field path ('sender.zip', 'services.cod.value', 'customs.items.0.name'),
 * parcel-point sides, pickup dates and the price breakdown.
 */

/** field path → translation id (client and server validation) or server text (quote restrictions) */
export type FieldErrors = Record<string, string>;

/** valibot issues → field errors under `prefix`; the `data` level of services is not a form level. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[] | undefined, prefix: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues ?? []) {
    const keys = (issue.path ?? []).map((item) => String(item.key)).filter((key) => key !== 'data');
    const path = [prefix, ...keys].filter(Boolean).join('.');
    errors[path] ??= issueCode(issue);
  }
  return errors;
}

/** API request names that differ from the form's, after `formFieldOf`. */
const SERVER_FIELD_NAMES: [RegExp, string][] = [
  [/^pickup_date$/, 'pickupDate'],
  [/^(from|to)_time$/, 'pickupTime'],
  [/^pickup_branch_location$/, 'collectionPoint'],
  [/^delivery_branch_location$/, 'deliveryPoint'],
  [/^services\.cod\.bank_account$/, 'services.cod.bankAccount.accountNumber'],
  [/^services\.cod\.bank_code$/, 'services.cod.bankAccount.bankCode'],
  [/^services\.cod\.bank_variable$/, 'services.cod.bankAccount.variable'],
  [/^services\.(cod|ins)\.value\.value$/, 'services.$1.value'],
  [/^(sender|recipient)\.phone(_number)?$/, '$1.phoneNumber.number'],
  [/\.hs_code$/, '.hsCode'],
];

/** A server field name ('from.zip', 'pickup_date', 'customs.items.0.hs_code') as the form's field path. */
export function formFieldOfServer(apiField: string): string {
  const field = formFieldOf(apiField);
  for (const [pattern, replacement] of SERVER_FIELD_NAMES) {
    if (pattern.test(field)) return field.replace(pattern, replacement);
  }
  return field;
}

/** Server 400 field errors (spec §8) on the form's fields. */
export function serverFieldErrors(errors: readonly FieldError[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [field, code] of Object.entries(fieldErrorMap(errors))) mapped[formFieldOfServer(field)] ??= code;
  return mapped;
}

/** Quote restrictions that name a field (e.g. COD above the carrier's limit), with the server's text. */
export function restrictionFieldErrors(problems: readonly QuoteProblem[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const problem of problems) {
    if (problem.field) mapped[formFieldOfServer(problem.field)] ??= problem.message;
  }
  return mapped;
}

/** Errors of the fields a step shows (their paths start with one of `prefixes`). */
export function errorsOfStep(errors: FieldErrors, prefixes: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => prefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`))));
}

// ── addresses ───────────────────────────────────────────────────────────────

/** The completeness level the selected quote asks of both addresses (spec §4); 2 when the quote does not say. */
/**
 * Sender and recipient must be complete for sending (spec §5: level 2); a quote can only
 * lock a level, never lower it, since the carrier needs a name, phone and e-mail on the label.
 */
export const addressLevelFor = (_quote: Pick<Quote, 'attributes'> | null): AddressLevel => 2;

/** An address from the address book or the profile (spec §4 opens its parcel-point side). */
export const isSavedAddress = (address: Pick<AddressForm, 'id' | 'isProfile'>) => address.isProfile || address.id !== NEW_ADDRESS_ID;

// ── parcel points ───────────────────────────────────────────────────────────

/** The parcel-point network of a carrier, or null when it has none on the map. */
export function parcelPointNetwork(carrierCode: string): ParcelPointCarrier | null {
  const code = carrierCode.toLowerCase();
  return (PARCEL_POINT_CARRIERS as readonly string[]).includes(code) ? (code as ParcelPointCarrier) : null;
}

export type ParcelPointNeed = 'required' | 'optional' | 'none';
export type ParcelPointSides = { network: ParcelPointCarrier | null; sender: ParcelPointNeed; recipient: ParcelPointNeed };

/**
 * Which side uses a parcel point of the quote's network. The quote decides first (a
 * drop-off service needs a collection point, a delivery-to-point service a delivery
 * point); the spec §4 route rule adds the sender side unless a courier picks the parcel
 * up (ONDEMAND), and the recipient side when the service can deliver to a point. A
 * service that can deliver either way leaves the delivery point optional.
 */
export function parcelPointSides(draft: Pick<ShipmentDraft, 'sender' | 'recipient' | 'content'>, quote: Pick<Quote, 'carrier' | 'type' | 'attributes'>): ParcelPointSides {
  const network = parcelPointNetwork(quote.carrier.code);
  if (!network) return { network, sender: 'none', recipient: 'none' };
  const rule = parcelPointRequirement({
    fromCountry: draft.sender.country,
    toCountry: draft.recipient.country,
    packageTypes: draft.content.map((item) => item.type),
    senderSaved: isSavedAddress(draft.sender),
    recipientSaved: isSavedAddress(draft.recipient),
  });
  const { pickupBranchRequired, deliveryBranchRequired, deliveryBranchSupported } = quote.attributes;
  const sender = pickupBranchRequired || (rule.sender && quote.type !== 'ONDEMAND') ? 'required' : 'none';
  const recipient = deliveryBranchRequired || (rule.recipient && deliveryBranchSupported) ? 'required' : deliveryBranchSupported ? 'optional' : 'none';
  return { network, sender, recipient };
}

/** 'Name, 602 00 Brno, Street 1' (spec §3 display name). */
export function parcelPointDisplayName(point: Pick<ParcelPoint, 'name' | 'zip' | 'city' | 'street'>): string {
  const zip = /^\d{5}$/.test(point.zip) ? `${point.zip.slice(0, 3)} ${point.zip.slice(3)}` : point.zip;
  return [point.name, `${zip} ${point.city}`.trim(), point.street].filter(Boolean).join(', ');
}

// made once each, on first use: an Intl formatter is costly to make
let weekdayFormat: Intl.DateTimeFormat | undefined;
let hourFormat: Intl.DateTimeFormat | undefined;
const pragueWeekdayFormat = () => (weekdayFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Europe/Prague' }));
const pragueHourFormat = () => (hourFormat ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Prague' }));

/** 1 = Monday … 7 = Sunday, in Prague. */
export function pragueWeekday(now: Date): number {
  const short = pragueWeekdayFormat().format(now);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

/** Opening hours of a day ('08:00–12:00, 13:00–17:00'), or null when closed. */
export function openingHoursOf(point: Pick<ParcelPoint, 'openingHours'>, day: number): string | null {
  const hours = point.openingHours.find((entry) => entry.day === day)?.hours ?? [];
  return hours.length > 0 ? hours.map((range) => range.replace('-', '–')).join(', ') : null;
}

/** '350 m', '1,2 km' (cs) or '1.2 km' (en). */
export function formatDistance(metres: number, locale: string): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10}\u00A0m`;
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: metres < 10_000 ? 1 : 0 }).format(metres / 1000);
  return `${km}\u00A0km`;
}

/** The address's PSČ once complete, else its town: what the picker lists before the user types. */
export const parcelPointSearchText = (address: { zip: string; city: string }) =>
  /^\d{3} ?\d{2}$/.test(address.zip.trim()) ? address.zip : address.city;

/** How the picker searches for what the user typed: a PSČ, else a town name. */
export function parcelPointQuery(text: string): { zip: string } | { city: string } | null {
  const value = text.trim();
  if (value === '') return null;
  const compact = value.replace(/\s/g, '');
  return /^\d{5}$/.test(compact) ? { zip: compact } : { city: value };
}

// ── pickup ──────────────────────────────────────────────────────────────────

export type TimeWindow = { from: string; to: string };

/** The draft's pickupTime text of a window (spec §3: 'from - to'). */
export const timeWindowText = (window: TimeWindow) => `${window.from} - ${window.to}`;

/** The pickup-date API serves CZ and SK calendars; other senders use the Czech one. */
export const pickupCountryOf = (senderCountry: string) => (senderCountry.toLowerCase() === 'sk' ? 'sk' : 'cz');

/** A courier picks the parcel up: the sender step asks for a date and a time window. */
export const needsPickupDate = (quote: Pick<Quote, 'type'>) => quote.type === 'ONDEMAND';

// ── services ────────────────────────────────────────────────────────────────

/** Insurance above the quote's limit (the shared schema does not know the carrier's limit). */
export function insuranceLimitError(value: string, limit: Money | null | undefined): string | null {
  const amount = parseDecimal(value);
  return limit && amount !== null && amount > limit.value ? 'configurator.insuranceMax' : null;
}

// ── steps ───────────────────────────────────────────────────────────────────

/** The step after `step`: customs only when the quote needs it. */
export function nextStep(step: Exclude<StepId, 'summary'>, quote: Pick<Quote, 'attributes'> | null): StepId {
  if (step === 'carrier') return 'sender';
  if (step === 'sender') return 'recipient';
  if (step === 'recipient') return requiresCustoms(quote) ? 'customs' : 'summary';
  return 'summary';
}

/** The step before `step`, for the back link. */
export function previousStep(step: Exclude<StepId, 'carrier'>, quote: Pick<Quote, 'attributes'> | null): StepId {
  if (step === 'sender') return 'carrier';
  if (step === 'recipient') return 'sender';
  if (step === 'customs') return 'recipient';
  return requiresCustoms(quote) ? 'customs' : 'recipient';
}

// ── summary ─────────────────────────────────────────────────────────────────

export type PriceBreakdown = {
  /** the charges without VAT, in the order the quote lists them */
  lines: Charge[];
  vat: Money | null;
  total: Money | null;
  totalVat: Money | null;
};

/** The quote's charges split into lines, VAT and the totals (the quote's own price and VAT price). */
export function priceBreakdown(quote: Pick<Quote, 'charges' | 'price' | 'priceVat'>): PriceBreakdown {
  const lines = quote.charges.filter((charge) => charge.code !== 'vat' && charge.amount.value !== 0);
  const vatCharges = quote.charges.filter((charge) => charge.code === 'vat');
  const currency = quote.priceVat?.currency ?? quote.price?.currency;
  let vat: Money | null = null;
  if (vatCharges.length > 0) {
    vat = { value: roundMoney(vatCharges.reduce((sum, charge) => sum + charge.amount.value, 0)), currency: vatCharges[0].amount.currency };
  } else if (quote.price && quote.priceVat && currency) {
    vat = { value: roundMoney(quote.priceVat.value - quote.price.value), currency };
  }
  return { lines, vat, total: quote.price, totalVat: quote.priceVat };
}

/** the extras the draft chooses (COD, insurance, hand delivery) as they are priced: '' for none */
export function chosenExtras(services: ShipmentDraft['services'], currency: string): string {
  const { cod, ins, hdf } = services;
  const parts = [
    ...(cod.active ? [['cod', parseDecimal(cod.data.value), cod.data.currency || currency, cod.data.includeShipmentCosts]] : []),
    ...(ins.active ? [['ins', parseDecimal(ins.data.value), ins.data.currency || currency]] : []),
    ...(hdf.active ? [['hdf']] : []),
  ];
  return parts.length ? JSON.stringify(parts) : '';
}

const EXTRA_CHARGES: ReadonlySet<Charge['code']> = new Set(['cod', 'insurance', 'hdf']);

/**
 * The price beside a step's form: with the extras chosen once a quote priced for exactly them
 * is known (`priced`), otherwise the selected quote's, marked as without the extras it does not
 * charge yet (`excluded`) or with the extras it was priced for (`included`).
 */
export function asidePrice(
  quote: Pick<Quote, 'priceVat' | 'charges'>,
  extras: string,
  priced: { extras: string; priceVat: Money | null } | null,
): { price: Money | null; extras: 'none' | 'included' | 'excluded' } {
  if (priced?.priceVat && priced.extras === extras) return { price: priced.priceVat, extras: extras ? 'included' : 'none' };
  const charged = quote.charges.some((charge) => EXTRA_CHARGES.has(charge.code) && charge.amount.value !== 0);
  return { price: quote.priceVat, extras: charged ? 'included' : extras ? 'excluded' : 'none' };
}

// ── contact ─────────────────────────────────────────────────────────────────

/** Spec §6: phones show on weekdays 08:00–17:00, Prague time. */
export function isWorkingTime(now: Date): boolean {
  const weekday = pragueWeekday(now);
  const hour = Number(pragueHourFormat().format(now));
  return weekday <= 5 && hour >= 8 && hour < 17;
}

// ── countries ───────────────────────────────────────────────────────────────

type CountryEntry = { code: string; favourite: boolean; banned: boolean };

/** The country select: favourites first, then the rest in the API's order; banned countries hidden (spec §3). */
export function countryOptions<C extends CountryEntry>(countries: readonly C[]): { favourites: C[]; others: C[] } {
  const allowed = countries.filter((country) => !country.banned);
  return { favourites: allowed.filter((country) => country.favourite), others: allowed.filter((country) => !country.favourite) };
}
