import * as v from 'valibot';
import { object } from './object';
import { isValidEori, parseDecimal } from '../validators';
import { positiveDecimal, storedNullableString, storedNumberText, storedString, text } from './fields';

/** Customs clearance of a shipment leaving the EU customs territory (spec §3). */

export const CUSTOMS_REASONS = ['commercial', 'gift', 'sample', 'documents', 'return', 'personal'] as const;
export type CustomsReason = (typeof CUSTOMS_REASONS)[number];
export const DEFAULT_CUSTOMS_REASON: CustomsReason = 'commercial';

/** kinds of a customs declaration's additional info (spec §3 additionalInfo {type, value}; GET v1/shipments/customs-additional-info) */
export const CUSTOMS_INFO_TYPES = ['recipient_tax_id', 'recipient_eori', 'ioss', 'invoice_number', 'export_licence'] as const;
export type CustomsInfoType = (typeof CUSTOMS_INFO_TYPES)[number];

const CustomsItemDraftSchema = object({
  name: storedString(),
  /** origin country, lowercase alpha-2 */
  country: storedString(),
  quantity: storedNumberText(),
  value: storedNumberText(),
  hsCode: storedString(),
});
export type CustomsItemForm = v.InferOutput<typeof CustomsItemDraftSchema>;

const storedList = <S extends v.GenericSchema>(item: S) => v.fallback(v.optional(v.array(item), () => []), () => []);

export const CustomsDraftSchema = object({
  reason: v.fallback(v.optional(v.picklist(CUSTOMS_REASONS), DEFAULT_CUSTOMS_REASON), DEFAULT_CUSTOMS_REASON),
  /** upload tokens */
  invoiceFiles: storedList(v.string()),
  /** upload token of the customs representation document */
  representationFile: storedNullableString(),
  currency: storedString(),
  items: storedList(CustomsItemDraftSchema),
  additionalInfo: storedList(object({ type: v.string(), value: v.string() })),
  eori: storedString(),
});
export type CustomsForm = v.InferOutput<typeof CustomsDraftSchema>;

export function emptyCustomsItem(country = ''): CustomsItemForm {
  return { name: '', country, quantity: '1', value: '', hsCode: '' };
}

export function emptyCustoms(currency = '', eori = ''): CustomsForm {
  return { ...v.getDefaults(CustomsDraftSchema), currency, eori, items: [emptyCustomsItem()] };
}

const quantity = v.pipe(
  v.union([v.string(), v.number()], 'validation.required'),
  v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
  v.check((value) => value !== '', 'validation.required'),
  v.transform((value) => parseDecimal(value) ?? Number.NaN),
  v.check((value) => Number.isInteger(value) && value >= 1, 'validation.quantity'),
);

export const CustomsItemSchema = object({
  name: text(true),
  country: v.pipe(text(true), v.check((value) => value === '' || /^[a-z]{2}$/i.test(value), 'validation.country_code')),
  quantity,
  value: positiveDecimal('validation.amount'),
  /** optional; spaces and dots people copy from tariff tables are removed */
  hsCode: v.pipe(
    text(false),
    v.transform((value) => value.replace(/[\s.]/g, '')),
    v.check((value) => value === '' || /^\d{6,10}$/.test(value), 'validation.hsCode'),
  ),
});

export const CustomsSchema = object({
  reason: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value || DEFAULT_CUSTOMS_REASON),
    v.picklist(CUSTOMS_REASONS, 'validation.customsReason'),
  ),
  invoiceFiles: v.optional(v.array(v.string()), () => []),
  representationFile: v.nullish(v.string(), null),
  currency: v.pipe(text(true), v.check((value) => value === '' || /^[A-Z]{3}$/.test(value), 'validation.currency_code')),
  items: v.pipe(v.array(CustomsItemSchema), v.minLength(1, 'validation.customsItems')),
  additionalInfo: v.optional(v.array(object({ type: text(true), value: text(true) })), () => []),
  eori: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.transform((value) => value.replace(/\s/g, '').toUpperCase()),
    v.check((value) => value === '' || isValidEori(value), 'validation.eori'),
  ),
});
export type CustomsOutput = v.InferOutput<typeof CustomsSchema>;
