import * as v from 'valibot';
import { multiLine } from './fields';
import { object, withAliases } from './object';

/** Request schemas of the public v1 endpoints (spec §7). Issue messages are translation ids. */

/** A missing key is reported on its field as required; anything else than an object on the body. */
const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

const requiredText = (max: number) =>
  v.pipe(v.string('validation.string'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(max, 'validation.too_long'));
const optionalText = (max: number) => v.nullish(v.pipe(v.string('validation.string'), v.maxLength(max, 'validation.too_long')));

export const CountryCodeSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z]{2}$/, 'validation.country_code'),
);

export const PricelistRatingQuerySchema = object({ country: CountryCodeSchema }, objectMessage);

export const RATING_SORTS = ['newest', 'oldest', 'best', 'worst'] as const;
export type RatingSort = (typeof RATING_SORTS)[number];

export const RatingsQuerySchema = object(
  {
    page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'validation.page'), v.transform(Number)), '1'),
    sort: v.optional(v.picklist(RATING_SORTS, 'validation.sort'), 'newest'),
  },
  objectMessage,
);

/** `currencies=EUR,USD`: ISO 4217 codes in any case; absent means all. */
export const ExchangeRatesQuerySchema = object(
  {
    currencies: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(200, 'validation.too_long'),
        v.transform((list) => list.split(',').map((c) => c.trim().toUpperCase()).filter((c) => c !== '')),
        v.array(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'validation.currency_code'))),
      ),
    ),
  },
  objectMessage,
);

export const HandshakeSchema = object(
  {
    url: requiredText(2048),
    referrer: optionalText(2048),
    userAgent: optionalText(1024),
    anonymousId: requiredText(128),
  },
  objectMessage,
);
export type HandshakeOutput = v.InferOutput<typeof HandshakeSchema>;

/** Free-form JSON parts of an error report; the body size limit bounds them. */
const anyJson = v.nullish(v.unknown());

export const ErrorReportSchema = object(
  {
    url: optionalText(2048),
    build: optionalText(200),
    error: v.pipe(v.unknown(), v.check((e) => e !== null && e !== '', 'validation.required')),
    xhr: anyJson,
    store: anyJson,
    context: anyJson,
    note: optionalText(10_000),
    debug: anyJson,
  },
  objectMessage,
);
export type ErrorReportOutput = v.InferOutput<typeof ErrorReportSchema>;

/** a rating in half steps, 0.5 to 5 (spec §4 rating picker; the default is 5) */
export const RATING_STEPS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
export const isRatingStep = (score: number) => Number.isInteger(score * 2) && score >= 0.5 && score <= 5;

/** POST v1/shipments/rating (spec §7: rating, comment defaulting to empty; `score` is its older name) */
export const ShipmentRatingSchema = withAliases(
  { score: 'rating' },
  object({
    token: v.pipe(v.string('validation.required'), v.minLength(20, 'validation.required'), v.maxLength(100, 'validation.too_long')),
    id: v.pipe(v.union([v.number(), v.string()], 'validation.required'), v.transform(Number), v.integer('validation.integer')),
    rating: v.pipe(v.number('validation.number'), v.check(isRatingStep, 'rating.error.score')),
    comment: v.optional(v.pipe(v.string('validation.string'), v.trim(), v.maxLength(2000, 'validation.too_long'), multiLine()), ''),
  }),
);

/** GET v1/shipments/rating */
export const ShipmentRatingQuerySchema = object({
  token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)),
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
});

/** POST v1/nps/:token */
export const NpsSchema = object({
  score: v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(0, 'nps.error.score'), v.maxValue(10, 'nps.error.score')),
  comment: v.optional(v.pipe(v.string('validation.string'), v.trim(), v.maxLength(2000, 'validation.too_long'), multiLine()), ''),
});
