import * as v from 'valibot';
import type { FieldError } from '../api-errors';
import { isFormulaLike } from '../csv-import/formula';
import { IMPORT_FIELDS } from '../csv-import/fields';
import { MAX_IMPORT_ROWS } from '../csv-import/limits';
import { MAX_REMEMBERED_HEADERS } from '../csv-import/mapping';
import type { Quote } from '../types/quote';
import { isValidZipFormat, isZipOfCountry } from '../validators';
import { singleLine } from './fields';
import { object } from './object';
import { ShippingAddressSchema } from './order';
import { codCurrencyCheck, quoteEntries } from './quote';

/**
 * The CSV import's payloads (issue 12 item 7). A row is the §7 shipment payload of an
 * order item (the same entries and full addresses as POST v1/orders checks) without a
 * chosen service, plus the row's own carrier or service preference as written.
 */

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');
const preference = (max: number) =>
  v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => s?.trim() ?? ''), v.maxLength(max, 'validation.too_long'), singleLine()), '');

const { service_id: _chosenAtOrder, ...shipmentEntries } = quoteEntries;

/** the text fields a spreadsheet could have carried a formula in */
const TEXT_FIELDS = [
  ...(['from', 'to'] as const).flatMap((side) => (['company', 'firstname', 'surname', 'street', 'city', 'zip', 'email'] as const).map((key) => [side, key] as const)),
  ['reference'],
  ['carrier'],
  ['service'],
] as const;

type Party = { zip: string; country: string };
type RowOutput = { from: Party; to: Party; reference?: unknown; carrier: string; service: string };

const pathOf = (input: unknown, keys: readonly string[]) =>
  keys.map((key) => ({ type: 'object' as const, origin: 'value' as const, input, key, value: undefined })) as unknown as [v.ObjectPathItem];

/** the postcode rule of the configurator's address form (order payloads only require one) */
const postcodes = <T extends RowOutput>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const side of ['from', 'to'] as const) {
      const { zip, country } = dataset.value[side];
      const message = !isValidZipFormat(zip, country) ? 'validation.zip' : !isZipOfCountry(zip, country) ? 'validation.zipCountry' : null;
      if (message) addIssue({ message, path: pathOf(dataset.value, [side, 'zip']) });
    }
  });

/** A formula is never taken as data (see csv-import/formula): the field says so. */
const noFormulas = <T extends RowOutput>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const path of TEXT_FIELDS) {
      let value: unknown = dataset.value;
      for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
      if (typeof value === 'string' && isFormulaLike(value)) {
        addIssue({ message: 'import.error.formula', path: pathOf(dataset.value, path) });
      }
    }
  });

export const ImportRowSchema = v.pipe(
  object(
    {
      ...shipmentEntries,
      from: ShippingAddressSchema,
      to: ShippingAddressSchema,
      /** a carrier's code or name ('dpd', 'One by Allegro'); empty: the strategy decides */
      carrier: preference(40),
      /** a service id ('dpd-classic') or name ('Classic'); empty: the cheapest of the carrier */
      service: preference(80),
    },
    objectMessage,
  ),
  codCurrencyCheck(),
  postcodes(),
  noFormulas(),
);
export type ImportRowInput = v.InferInput<typeof ImportRowSchema>;
export type ImportRow = v.InferOutput<typeof ImportRowSchema>;

/** 'cheapest': the cheapest orderable quote of all carriers; { carrier }: of that carrier */
export const PriceStrategySchema = v.union(
  [
    v.literal('cheapest'),
    object({ carrier: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(40, 'validation.too_long')) }, objectMessage),
  ],
  'import.error.strategy',
);
export type PriceStrategy = v.InferOutput<typeof PriceStrategySchema>;

/** POST v1/import/price: each row is checked on its own (a bad row never fails the others) */
export const ImportPriceSchema = object(
  {
    rows: v.pipe(v.array(v.unknown(), 'validation.array'), v.minLength(1, 'validation.required'), v.maxLength(MAX_IMPORT_ROWS, 'validation.too_many')),
    strategy: v.optional(PriceStrategySchema, 'cheapest'),
  },
  objectMessage,
);

/** PUT v1/import/mapping: normalized header → field (null: ignored) */
export const ImportMappingSchema = object(
  {
    columns: v.pipe(
      v.record(
        v.pipe(v.string(), v.minLength(1, 'validation.required'), v.maxLength(100, 'validation.too_long')),
        v.nullable(v.picklist(IMPORT_FIELDS, 'import.error.field')),
        'validation.object',
      ),
      v.check((columns) => Object.keys(columns).length <= MAX_REMEMBERED_HEADERS, 'validation.too_many'),
    ),
  },
  objectMessage,
);

/** GET v1/import/template?language= */
export const ImportTemplateQuerySchema = object({ language: v.optional(v.picklist(['cs', 'sk', 'en'], 'validation.language'), 'cs') }, objectMessage);

/**
 * Why no quote fits a row: `parcel_point` (only services needing a parcel point carry it),
 * `customs` (it needs customs papers: the configurator's customs step), `none` (no carrier
 * carries it; `problems` are the carriers' reasons in the request's language).
 */
export type UnpricedReason = 'parcel_point' | 'customs' | 'none';

/** one row of POST v1/import/price's answer, by the row's index in the request */
export type ImportPriceAnswer =
  | { index: number; status: 'priced'; quote: Quote }
  | { index: number; status: 'invalid'; errors: FieldError[] }
  | { index: number; status: 'unpriced'; reason: UnpricedReason; problems: string[] };
