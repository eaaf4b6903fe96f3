import * as v from 'valibot';
import { singleLine } from './fields';
import { object, looseObject, variant } from './object';
import { isWithinPickupHorizon } from '../calendar';
import { PRICE_LIST_WEIGHT_VALUES } from '../price-list-weights';
import { MAX_PACKAGES } from '../quote-defaults';
import { codCurrencies } from '../quote-rules';
import { PACKAGE_TYPES } from '../types/quote';

/**
 * The shipment/quote request payload of spec §7 and the price-list request. Form inputs
 * send numbers as strings, so numeric fields accept numeric strings ("2,5" too); empty
 * package fields stay undefined for the defaults of spec §5. Issue messages are translation ids.
 */

/** ISO 3166-1 alpha-2 codes (with xk, used by carriers for Kosovo). */
const ISO_COUNTRIES = new Set(
  (
    'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ' +
    'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo ' +
    'fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je ' +
    'jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo ' +
    'mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw ' +
    'py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm ' +
    'tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws xk ye yt za zm zw'
  ).split(' '),
);

export const QUOTE_CURRENCIES = ['CZK', 'EUR', 'USD', 'GBP', 'ZAR', 'HUF', 'PLN'] as const;
export const COLLECTION_TYPES = ['ONDEMAND', 'DROPOFF', 'REGULAR'] as const;
export const MAX_PACKAGE_WEIGHT_KG = 1000;
export const MAX_PACKAGE_SIDE_CM = 400;

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const toNumber = (value: string | number) => (typeof value === 'number' ? value : Number(value.trim().replace(',', '.')));
const NUMERIC_STRING = /^\s*-?\d+([.,]\d+)?\s*$/;

const numberLike = v.union(
  [v.number('validation.number'), v.pipe(v.string('validation.number'), v.regex(NUMERIC_STRING, 'validation.number'))],
  'validation.number',
);

/** A number (or numeric string) in (0, max]; blank is undefined. */
const optionalPositive = (max: number) =>
  v.pipe(
    v.nullish(v.union([numberLike, v.literal('')], 'validation.number')),
    v.transform((value) => (isBlank(value) ? undefined : toNumber(value!))),
    v.optional(
      v.pipe(v.number('validation.number'), v.finite('validation.number'), v.gtValue(0, 'validation.too_low'), v.maxValue(max, 'validation.too_high')),
    ),
  );

/** A money amount: a non-negative number (or numeric string) up to max. */
const amount = (max: number) =>
  v.pipe(
    numberLike,
    v.transform(toNumber),
    v.number('validation.number'),
    v.finite('validation.number'),
    v.minValue(0, 'validation.too_low'),
    v.maxValue(max, 'validation.too_high'),
  );

const flag = v.pipe(
  v.nullish(v.union([v.boolean(), v.picklist([0, 1, '0', '1', 'true', 'false'])], 'validation.boolean')),
  v.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
);

const optionalText = (max: number) =>
  v.nullish(v.pipe(v.string('validation.string'), v.trim(), v.maxLength(max, 'validation.too_long'), singleLine()));

export const idLike = v.pipe(
  v.nullish(v.union([v.pipe(v.string('validation.string'), v.trim(), v.maxLength(64, 'validation.too_long')), v.number()], 'validation.string')),
  v.transform((value) => (isBlank(value) ? null : String(value))),
);

export const QuoteCurrencySchema = v.pipe(
  v.string('validation.currency_code'),
  v.trim(),
  v.toUpperCase(),
  v.picklist(QUOTE_CURRENCIES, 'validation.currency_code'),
);

export const QuoteCountrySchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.toLowerCase(),
  v.check((code) => ISO_COUNTRIES.has(code), 'validation.country_code'),
);

/** CZ and SK postcodes: five digits (a space after the third allowed); CZ starts 1-7, SK 0, 8 or 9. */
const POSTCODE_PREFIX: Record<string, RegExp> = { cz: /^[1-7]\d{4}$/, sk: /^[089]\d{4}$/ };

const placeMessage: v.ErrorMessage<v.LooseObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

const PlaceSchema = v.pipe(
  looseObject(
    {
      country: QuoteCountrySchema,
      zip: v.pipe(
        v.nullish(v.union([v.string(), v.number()], 'validation.zip')),
        v.transform((zip) => (isBlank(zip) ? '' : String(zip).replace(/\s+/g, '').toUpperCase())),
        v.maxLength(12, 'validation.zip'),
      ),
      city: v.pipe(
        v.nullish(v.string('validation.string')),
        v.transform((city) => city?.trim() ?? ''),
        v.maxLength(100, 'validation.too_long'),
        singleLine(),
      ),
    },
    placeMessage,
  ),
  v.forward(
    v.check((place) => !place.zip || (POSTCODE_PREFIX[place.country]?.test(place.zip) ?? true), 'validation.zip'),
    ['zip'],
  ),
);

const PACKAGE_TYPE_CODES = Object.values(PACKAGE_TYPES);

const PackageSchema = object(
  {
    type: v.pipe(
      v.nullish(v.union([v.number(), v.string()], 'validation.package_type'), 0),
      v.transform((type) => (type === '' ? 0 : Number(type))),
      v.picklist(PACKAGE_TYPE_CODES, 'validation.package_type'),
    ),
    weight: optionalPositive(MAX_PACKAGE_WEIGHT_KG),
    width: optionalPositive(MAX_PACKAGE_SIDE_CM),
    height: optionalPositive(MAX_PACKAGE_SIDE_CM),
    length: optionalPositive(MAX_PACKAGE_SIDE_CM),
  },
  objectMessage,
);

const MoneySchema = (max: number) => object({ value: amount(max), currency: QuoteCurrencySchema }, objectMessage);

const CodServiceSchema = object(
  {
    code: v.literal('cod'),
    data: object(
      {
        value: MoneySchema(1_000_000),
        bank_currency: v.nullish(QuoteCurrencySchema),
        bank_account: optionalText(64),
        bank_code: optionalText(16),
        bank_variable: optionalText(10),
        include_shipping_costs: flag,
      },
      objectMessage,
    ),
  },
  objectMessage,
);

/** Insurance data is `{ value: { value, currency } }` like cash on delivery; the draft's flat `{ value, currency }` is accepted too. */
const InsServiceSchema = object(
  {
    code: v.literal('ins'),
    data: v.union(
      [
        object({ value: MoneySchema(10_000_000) }, objectMessage),
        v.pipe(MoneySchema(10_000_000), v.transform((value) => ({ value }))),
      ],
      'validation.object',
    ),
  },
  objectMessage,
);

const HdfServiceSchema = object({ code: v.literal('hdf'), data: v.nullish(v.unknown()) }, objectMessage);

const ServiceSchema = variant('code', [CodServiceSchema, InsServiceSchema, HdfServiceSchema], 'validation.service_code');

const CustomsSchema = object(
  {
    reason: optionalText(50),
    invoice: v.nullish(v.picklist(['own', 'create'], 'validation.invoice')),
    invoice_files: v.nullish(v.pipe(v.array(v.string('validation.string')), v.maxLength(10, 'validation.too_long'))),
    customs_representation_file: optionalText(200),
    currency: v.nullish(QuoteCurrencySchema),
    items: v.nullish(
      v.pipe(
        v.array(
          object(
            {
              name: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(200, 'validation.too_long'), singleLine()),
              country: QuoteCountrySchema,
              quantity: v.pipe(amount(100_000), v.integer('validation.integer'), v.minValue(1, 'validation.too_low')),
              value: amount(10_000_000),
              hs_code: optionalText(20),
            },
            objectMessage,
          ),
        ),
        v.maxLength(100, 'validation.too_long'),
      ),
    ),
    additional_info: v.nullish(
      v.pipe(
        v.array(object({ type: v.pipe(v.string('validation.string'), v.maxLength(50, 'validation.too_long')), value: optionalText(500) }, objectMessage)),
        v.maxLength(20, 'validation.too_long'),
      ),
    ),
  },
  objectMessage,
);

/** 2026-02-30 has the ISO shape but is no day. */
const isCalendarDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const parsed = new Date(Date.UTC(y, m - 1, d));
  return parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m - 1 && parsed.getUTCDate() === d;
};

const pathTo = (input: Record<string, unknown>, ...keys: string[]) =>
  keys.map((key) => ({ type: 'object' as const, origin: 'value' as const, input, key, value: undefined })) as [
    v.ObjectPathItem,
    ...v.ObjectPathItem[],
  ];

export const quoteEntries = {
  save_from_address: flag,
  save_to_address: flag,
  from: PlaceSchema,
  to: PlaceSchema,
  type: v.nullish(v.pipe(v.string('validation.collection_type'), v.toUpperCase(), v.picklist(COLLECTION_TYPES, 'validation.collection_type'))),
  reference: optionalText(100),
  packages: v.pipe(v.optional(v.array(PackageSchema, 'validation.array'), []), v.maxLength(MAX_PACKAGES, 'validation.too_many_packages')),
  currency: v.nullish(QuoteCurrencySchema),
  pickup_date: v.pipe(
    v.nullish(v.string('validation.date')),
    v.transform((date) => (isBlank(date) ? null : date!.trim())),
    v.nullable(
      v.pipe(
        v.string(),
        v.isoDate('validation.date'),
        v.check(isCalendarDate, 'validation.date'),
        // an impossible date already has its issue; only real days are measured
        v.check((date) => !isCalendarDate(date) || isWithinPickupHorizon(date), 'validation.date_range'),
      ),
    ),
  ),
  from_time: v.pipe(
    v.nullish(v.string('validation.time')),
    v.transform((time) => (isBlank(time) ? null : time!.trim())),
    v.nullable(v.pipe(v.string(), v.isoTime('validation.time'))),
  ),
  to_time: v.pipe(
    v.nullish(v.string('validation.time')),
    v.transform((time) => (isBlank(time) ? null : time!.trim())),
    v.nullable(v.pipe(v.string(), v.isoTime('validation.time'))),
  ),
  service_id: idLike,
  pickup_branch_location: idLike,
  delivery_branch_location: idLike,
  prefer_delivery_branch: flag,
  customs: v.nullish(CustomsSchema),
  services: v.pipe(v.optional(v.array(ServiceSchema, 'validation.array'), []), v.maxLength(3, 'validation.too_long')),
  platform: optionalText(20),
  complete: flag,
};

type QuoteEntriesOutput = v.InferOutput<v.ObjectSchema<typeof quoteEntries, undefined>>;

/** Cash on delivery is collected only in the currencies of its route (spec §9), reported on services.cod.currency. */
export const codCurrencyCheck = <T extends QuoteEntriesOutput>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const request = dataset.value;
  const cod = request.services.find((s) => s.code === 'cod');
  if (!cod) return;
  const allowed = codCurrencies(request.from.country, request.to.country);
  if (allowed.length > 0 && !allowed.includes(cod.data.value.currency)) {
    addIssue({ message: 'validation.cod_currency', path: pathTo(request, 'services', 'cod', 'currency') });
  }
  });

export const QuoteRequestSchema = v.pipe(object(quoteEntries, objectMessage), codCurrencyCheck());
export type QuoteRequestInput = v.InferInput<typeof QuoteRequestSchema>;
export type QuoteRequestOutput = v.InferOutput<typeof QuoteRequestSchema>;

export const QuoteDetailRequestSchema = v.pipe(
  object(
    {
      ...quoteEntries,
      service_group_id: v.pipe(
        v.union([v.string('validation.required'), v.number()], 'validation.required'),
        v.transform(String),
        v.trim(),
        v.minLength(1, 'validation.required'),
        v.maxLength(64, 'validation.too_long'),
      ),
      payer: v.nullish(object({ type: v.pipe(v.string('validation.string'), v.maxLength(20, 'validation.too_long')), id: idLike }, objectMessage)),
    },
    objectMessage,
  ),
  codCurrencyCheck(),
);
export type QuoteDetailRequestInput = v.InferInput<typeof QuoteDetailRequestSchema>;
export type QuoteDetailRequestOutput = v.InferOutput<typeof QuoteDetailRequestSchema>;

/** routes one v1/rates/list call may price (each is its carriers × weights of work) */
export const MAX_RATE_ROUTES = 6;

/**
 * POST v1/rates/list: a price matrix of one carrier (or the cheapest of all when absent).
 * Bounded work: only the §9 price-list weights, each once, and at most MAX_RATE_ROUTES routes.
 */
export const RatesListRequestSchema = object(
  {
    carrier: v.pipe(
      v.nullish(v.string('validation.string')),
      v.transform((carrier) => (isBlank(carrier) ? null : carrier!.trim())),
    ),
    currency: v.nullish(QuoteCurrencySchema),
    weights: v.nullish(
      v.pipe(
        v.array(
          v.pipe(numberLike, v.transform(toNumber), v.number('validation.number'), v.picklist(PRICE_LIST_WEIGHT_VALUES, 'validation.price_list_weight')),
          'validation.array',
        ),
        v.minLength(1, 'validation.required'),
        v.check((weights) => new Set(weights).size === weights.length, 'validation.duplicate'),
      ),
    ),
    combinations: v.pipe(
      v.array(object({ from: QuoteCountrySchema, to: QuoteCountrySchema }, objectMessage), 'validation.array'),
      v.minLength(1, 'validation.required'),
      v.maxLength(MAX_RATE_ROUTES, 'validation.too_many_routes'),
    ),
    reloadCache: flag,
  },
  objectMessage,
);
export type RatesListRequestOutput = v.InferOutput<typeof RatesListRequestSchema>;

/** GET v1/rates/:id?currency= */
export const RateQuerySchema = object({ currency: v.optional(QuoteCurrencySchema) }, objectMessage);
