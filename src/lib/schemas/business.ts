import * as v from 'valibot';
import { isValidZipFormat, isZipOfCountry, normalizeZip } from '../validators';
import { EmailSchema, PhoneTextSchema } from './account';
import { multiLineText, text } from './fields';
import { object } from './object';

/**
 * Request schemas of the business calls of the client section (issue 12 item 6): contract
 * activation, pickup places and pickups. The forms validate with the same schemas; issue
 * messages are translation ids.
 */

export const CONTRACT_TIERS = ['Easy', 'Profi', 'Flexi'] as const;
export type ContractTier = (typeof CONTRACT_TIERS)[number];
export const CONTRACT_STATUSES = ['pending', 'active', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const PICKUP_KINDS = ['one_time', 'regular'] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];
export const PICKUP_STATUSES = ['ordered', 'cancelled'] as const;
/** carriers collect from places in these countries (the pickup calendar knows their holidays) */
export const PICKUP_COUNTRIES = ['cz', 'sk'] as const;
export type PickupCountry = (typeof PICKUP_COUNTRIES)[number];

export const PICKUP_PARCELS_MAX = 500;
export const NOTE_MAX = 500;

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');
const required = (max: number) => v.pipe(text(true), v.maxLength(max, 'validation.too_long'));
const optional = (max: number) => v.optional(v.pipe(text(false), v.maxLength(max, 'validation.too_long')), '');
const note = v.optional(v.pipe(multiLineText(false), v.maxLength(NOTE_MAX, 'validation.too_long')), '');

/** POST v1/contracts/activate: the token of the e-mailed /aktivace-smlouvy/:token link */
export const ActivateContractSchema = object({ token: v.pipe(text(true), v.maxLength(200, 'validation.too_long')) }, objectMessage);

/**
 * A pickup place (POST v1/pickup-places, PATCH v1/pickup-places/:id): where a courier comes
 * for the parcels. Checked like an address to send from (spec §5): a contact person, phone,
 * e-mail, street, city and a PSČ of the country.
 */
export const PickupPlaceSchema = v.pipe(
  object(
    {
      name: required(100),
      company: optional(200),
      contact_person: required(100),
      phone: PhoneTextSchema,
      email: EmailSchema,
      street: required(200),
      city: required(100),
      zip: v.pipe(text(true), v.maxLength(10, 'validation.too_long')),
      country: v.pipe(v.string('validation.country_code'), v.trim(), v.toLowerCase(), v.picklist(PICKUP_COUNTRIES, 'validation.country_code')),
      note,
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck([['zip'], ['country']], ({ zip, country }) => zip === '' || isValidZipFormat(zip, country), 'validation.zip'),
    ['zip'],
  ),
  v.forward(
    v.partialCheck([['zip'], ['country']], ({ zip, country }) => zip === '' || !isValidZipFormat(zip, country) || isZipOfCountry(zip, country), 'validation.zipCountry'),
    ['zip'],
  ),
  v.transform((place) => ({ ...place, zip: normalizeZip(place.zip, place.country) })),
);
export type PickupPlaceInput = v.InferInput<typeof PickupPlaceSchema>;
export type PickupPlaceOutput = v.InferOutput<typeof PickupPlaceSchema>;

const isoDate = v.pipe(
  v.string('validation.date'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  v.check((d) => {
    const time = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(d);
  }, 'validation.date'),
);
const clock = v.pipe(v.string('validation.time'), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time'));

/**
 * POST v1/pickups. One-time: a `date`; regular: `weekdays` (ISO, 1 = Monday … 5 = Friday).
 * Whether the carrier offers that date and window is the server's check (it knows today).
 */
export const PickupOrderSchema = v.pipe(
  object(
    {
      pickup_place_id: v.pipe(v.number('validation.required'), v.integer('validation.required'), v.minValue(1, 'validation.required')),
      carrier: v.pipe(v.string('validation.carrier'), v.trim(), v.toLowerCase(), v.minLength(1, 'validation.required'), v.maxLength(20, 'validation.carrier')),
      kind: v.picklist(PICKUP_KINDS, 'validation.required'),
      date: v.nullish(isoDate, null),
      weekdays: v.nullish(
        v.pipe(
          v.array(v.pipe(v.number('business.error.weekdays'), v.integer('business.error.weekdays'), v.minValue(1, 'business.error.weekdays'), v.maxValue(5, 'business.error.weekdays')), 'business.error.weekdays'),
          v.maxLength(5, 'business.error.weekdays'),
          v.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
        ),
        null,
      ),
      window: object({ from: clock, to: clock }, objectMessage),
      parcel_count: v.pipe(v.number('validation.quantity'), v.integer('validation.quantity'), v.minValue(1, 'validation.quantity'), v.maxValue(PICKUP_PARCELS_MAX, 'validation.too_high')),
      note,
    },
    objectMessage,
  ),
  v.forward(v.partialCheck([['kind'], ['date']], (p) => p.kind !== 'one_time' || p.date !== null, 'validation.required'), ['date']),
  v.forward(v.partialCheck([['kind'], ['weekdays']], (p) => p.kind !== 'regular' || (p.weekdays?.length ?? 0) > 0, 'business.error.weekdays'), ['weekdays']),
);
export type PickupOrderInput = v.InferInput<typeof PickupOrderSchema>;
export type PickupOrderOutput = v.InferOutput<typeof PickupOrderSchema>;
