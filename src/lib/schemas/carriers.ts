import * as v from 'valibot';
import { object } from './object';
import { PARCEL_POINT_CARRIERS, type ParcelPointCarrier } from '../types/quote';

/**
 * Query schemas of the public carrier endpoints (v1/carriers/...) and of the parcel-point
 * search by town or PSČ (v1/parcelpoints/find). Issue messages are translation ids.
 */

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** `a,b,c` in any case, each one of `values`; duplicates dropped */
const listOf = <T extends string>(values: readonly T[], message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(200, 'validation.too_long'),
    v.transform((list) => list.split(',').map((item) => item.trim().toLowerCase()).filter((item) => item !== '')),
    v.check((list) => list.length > 0 && list.every((item) => (values as readonly string[]).includes(item)), message),
    v.transform((list) => [...new Set(list)] as T[]),
  );

const flag = v.pipe(v.picklist(['1', '0', 'true', 'false'], 'validation.boolean'), v.transform((b) => b === '1' || b === 'true'));

/** what a parcel point offers beside its network (the keys of ParcelPoint['services'], in snake case) */
export const PARCEL_POINT_SERVICE_FILTERS = ['card_payment', 'wheelchair_access', 'no_lunch_break', 'open_saturday', 'open_sunday'] as const;
export type ParcelPointServiceFilter = (typeof PARCEL_POINT_SERVICE_FILTERS)[number];

export const PARCEL_POINT_FIND_MAX_LIMIT = 100;

/** v1/parcelpoints/find: `q` is a PSČ (with or without the space) or a town, diacritics and case ignored */
export const ParcelPointFindQuerySchema = object(
  {
    q: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(100, 'validation.too_long')),
    country: v.optional(v.pipe(v.string('validation.country_code'), v.trim(), v.toLowerCase(), v.picklist(['cz', 'sk'], 'validation.country_code'))),
    carrier: v.optional(listOf<ParcelPointCarrier>(PARCEL_POINT_CARRIERS, 'validation.carrier')),
    service: v.optional(listOf<ParcelPointServiceFilter>(PARCEL_POINT_SERVICE_FILTERS, 'carriers.validation.service')),
    /** only points where a sender can hand a parcel in */
    collection: v.optional(flag),
    limit: v.optional(
      v.pipe(
        v.string('validation.integer'),
        v.regex(/^\d{1,3}$/, 'validation.integer'),
        v.transform(Number),
        v.minValue(1, 'validation.too_low'),
        v.maxValue(PARCEL_POINT_FIND_MAX_LIMIT, 'validation.too_high'),
      ),
      '20',
    ),
  },
  objectMessage,
);
export type ParcelPointFindQuery = v.InferOutput<typeof ParcelPointFindQuerySchema>;

/** v1/carriers/parcel-point-prices: handing in at a point (collection) or collecting from one (delivery) */
export const PARCEL_POINT_PRICE_SIDES = ['collection', 'delivery'] as const;
export type ParcelPointPriceSide = (typeof PARCEL_POINT_PRICE_SIDES)[number];

export const ParcelPointPricesQuerySchema = object(
  {
    side: v.picklist(PARCEL_POINT_PRICE_SIDES, 'carriers.validation.side'),
  },
  objectMessage,
);
