import * as v from 'valibot';
import { object } from './object';

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
