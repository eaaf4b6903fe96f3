import * as v from 'valibot';
import { object } from './object';
import { isWithinPickupHorizon } from '../calendar';
import { CARRIER_CODES, PARCEL_POINT_CARRIERS, type ParcelPointCarrier } from '../types/quote';

/**
 * Request schemas of the parcel-point, maps and pickup endpoints (spec §7). Query values
 * arrive as text; issue messages are translation ids.
 */

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

const decimal = (min: number, max: number) =>
  v.pipe(
    v.string('validation.number'),
    v.trim(),
    v.regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'validation.number'),
    v.transform(Number),
    v.minValue(min, 'validation.too_low'),
    v.maxValue(max, 'validation.too_high'),
  );

const integer = (min: number, max: number) =>
  v.pipe(
    v.string('validation.integer'),
    v.trim(),
    v.regex(/^\d{1,7}$/, 'validation.integer'),
    v.transform(Number),
    v.minValue(min, 'validation.too_low'),
    v.maxValue(max, 'validation.too_high'),
  );

/** `a,b,c` in any case, each one of `values`; duplicates dropped */
const listOf = <T extends string>(values: readonly T[], message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(200, 'validation.too_long'),
    v.transform((list) => list.split(',').map((item) => item.trim().toLowerCase()).filter((item) => item !== '')),
    v.check((list) => list.length > 0 && list.every((item) => (values as readonly string[]).includes(item)), message),
    v.transform((list) => [...new Set(list)] as T[]),
  );

export const MAP_COUNTRIES = ['cz', 'sk'] as const;
export type MapCountry = (typeof MAP_COUNTRIES)[number];

const mapCountry = v.pipe(v.string('validation.country_code'), v.trim(), v.toLowerCase(), v.picklist(MAP_COUNTRIES, 'validation.country_code'));

// ── parcel points ─────────────────────────────────────────────────────────────

export const PARCEL_POINT_KINDS = ['locker', 'post_office', 'shop', 'depot'] as const;
export type ParcelPointKind = (typeof PARCEL_POINT_KINDS)[number];

export const PARCEL_POINT_SEARCH_MAX_LIMIT = 500;
export const PARCEL_POINT_SEARCH_MAX_RADIUS_M = 200_000;

/** `minLng,minLat,maxLng,maxLat` */
const bbox = v.pipe(
  v.string('validation.bbox'),
  v.transform((text) => text.split(',').map((part) => (/^\s*-?\d{1,3}(\.\d{1,12})?\s*$/.test(part) ? Number(part) : Number.NaN))),
  v.check(
    (n) =>
      n.length === 4 &&
      n.every(Number.isFinite) &&
      n[0] >= -180 && n[2] <= 180 && n[1] >= -90 && n[3] <= 90 &&
      n[0] < n[2] && n[1] < n[3],
    'validation.bbox',
  ),
  v.transform(([minLng, minLat, maxLng, maxLat]) => ({ minLng, minLat, maxLng, maxLat })),
);

/**
 * One origin is required: `lat`+`lng`, `bbox`, `zip` or `city` (in that precedence; with a
 * bbox, `lat`+`lng` only set the point distances are measured from).
 */
export const ParcelPointSearchQuerySchema = v.pipe(
  object(
    {
      lat: v.optional(decimal(-90, 90)),
      lng: v.optional(decimal(-180, 180)),
      bbox: v.optional(bbox),
      zip: v.optional(
        v.pipe(v.string('validation.zip'), v.trim(), v.regex(/^\d{3} ?\d{2}$/, 'validation.zip'), v.transform((z) => z.replace(' ', ''))),
      ),
      city: v.optional(v.pipe(v.string('validation.string'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(100, 'validation.too_long'))),
      country: v.optional(mapCountry),
      /** metres; without it the search widens until `limit` points are found */
      radius: v.optional(integer(1, PARCEL_POINT_SEARCH_MAX_RADIUS_M)),
      limit: v.optional(integer(1, PARCEL_POINT_SEARCH_MAX_LIMIT), '50'),
      carrier: v.optional(listOf<ParcelPointCarrier>(PARCEL_POINT_CARRIERS, 'validation.carrier')),
      type: v.optional(listOf<ParcelPointKind>(PARCEL_POINT_KINDS, 'validation.parcel_point_type')),
      /** only points where a sender can hand a parcel in */
      collection: v.optional(
        v.pipe(v.picklist(['1', '0', 'true', 'false'], 'validation.boolean'), v.transform((b) => b === '1' || b === 'true')),
      ),
    },
    objectMessage,
  ),
  v.forward(v.partialCheck([['lat'], ['lng']], (q) => q.lat === undefined || q.lng !== undefined, 'validation.required'), ['lng']),
  v.forward(v.partialCheck([['lat'], ['lng']], (q) => q.lng === undefined || q.lat !== undefined, 'validation.required'), ['lat']),
  v.forward(
    v.partialCheck(
      [['lat'], ['bbox'], ['zip'], ['city']],
      (q) => q.lat !== undefined || q.bbox !== undefined || q.zip !== undefined || q.city !== undefined,
      'validation.required',
    ),
    ['lat'],
  ),
);
export type ParcelPointSearchQuery = v.InferOutput<typeof ParcelPointSearchQuerySchema>;

export const ParcelPointDetailQuerySchema = object(
  { id: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(100, 'validation.too_long')) },
  objectMessage,
);

// ── maps ──────────────────────────────────────────────────────────────────────

export const SUGGEST_LANGUAGES = ['cs', 'en', 'sk', 'es'] as const;
export type SuggestLanguage = (typeof SUGGEST_LANGUAGES)[number];
/** 'regional' covers towns and their parts; the narrower types pick one of them */
export const SUGGEST_TYPES = ['regional', 'regional.municipality', 'regional.municipality_part'] as const;
export type SuggestType = (typeof SUGGEST_TYPES)[number];
export const SUGGEST_MAX_LIMIT = 20;

export const SuggestQuerySchema = object(
  {
    query: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(100, 'validation.too_long')),
    /** a language tag; its primary subtag counts ('en-US' → en) */
    lang: v.optional(
      v.pipe(v.string('validation.language'), v.transform((tag) => tag.trim().slice(0, 2).toLowerCase()), v.picklist(SUGGEST_LANGUAGES, 'validation.language')),
      'cs',
    ),
    limit: v.optional(integer(1, SUGGEST_MAX_LIMIT), '5'),
    type: v.optional(v.picklist(SUGGEST_TYPES, 'validation.suggest_type'), 'regional'),
    /** countries to search, `cz,sk`; absent = both */
    locality: v.optional(listOf<MapCountry>(MAP_COUNTRIES, 'validation.country_code')),
  },
  objectMessage,
);
export type SuggestQuery = v.InferOutput<typeof SuggestQuerySchema>;

export const RgeocodeQuerySchema = object({ lon: decimal(-180, 180), lat: decimal(-90, 90) }, objectMessage);

// ── pickups ───────────────────────────────────────────────────────────────────

export const PickupDatesQuerySchema = object(
  { country: v.optional(mapCountry, 'cz'), carrier: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(CARRIER_CODES, 'validation.carrier'))) },
  objectMessage,
);

const isoDate = v.pipe(
  v.string('validation.date'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  v.check((d) => {
    const time = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(d);
  }, 'validation.date'),
);

export const TimeWindowsSchema = object(
  {
    /** null or absent: the first date a pickup is possible */
    date: v.nullish(v.pipe(isoDate, v.check((date) => isWithinPickupHorizon(date), 'validation.date_range')), null),
    carrier: v.pipe(v.string('validation.required'), v.trim(), v.toLowerCase(), v.picklist(CARRIER_CODES, 'validation.carrier')),
    country: v.optional(mapCountry, 'cz'),
  },
  objectMessage,
);
export type TimeWindowsInput = v.InferInput<typeof TimeWindowsSchema>;
