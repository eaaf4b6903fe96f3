import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/** WE|DO's REST API v2 (PROTOCOL.md): the fields we send and read, with WE|DO's maximum lengths */

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const optionalText = (max: number) => v.optional(v.nullable(text(max)));

export const wedoParty = object({
  name: text(100),
  street: text(100),
  city: text(50),
  postal_code: v.pipe(v.string(), v.regex(/^\d{5}$/, 'postal_code: 5 digits')),
  state: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'state: ISO 3166-1 alpha-2')),
  firstname: optionalText(30),
  surname: optionalText(30),
  email: optionalText(50),
  phone: optionalText(15),
  note: optionalText(75),
});
export type WedoParty = v.InferOutput<typeof wedoParty>;

export const packageRequest = object({
  receiver: wedoParty,
  sender: v.optional(wedoParty),
  reference_number: optionalText(20),
  reference_number2: optionalText(50),
  package_count: v.pipe(v.number(), v.integer(), v.minValue(1)),
  weight: v.pipe(v.number(), v.minValue(0)),
  volumetric_weight: v.optional(v.nullable(v.number())),
  value: v.pipe(v.number(), v.minValue(0)),
  comment: optionalText(255),
  product: text(255),
  additional_service: v.optional(object({ cash_on_delivery: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0)))) })),
  pup_branch: optionalText(64),
  pup_contact: optionalText(15),
  box: optionalText(64),
  box_contact: optionalText(15),
});
export type PackageRequest = v.InferOutput<typeof packageRequest>;

export const packageResponse = object({
  order_number: v.string(),
  reference_number: v.optional(v.nullable(v.string())),
  barcode: v.array(v.string()),
  sorting_code: v.optional(v.nullable(v.string())),
  product_name: v.optional(v.nullable(v.string())),
  product_code: v.optional(v.nullable(v.string())),
  delivery_price: v.optional(v.nullable(v.number())),
  labels_pdf: v.optional(v.nullable(v.array(v.string()))),
  last_state: v.optional(v.nullable(object({ id: v.union([v.number(), v.string()]), code: v.string(), created: v.string() }))),
});
export type PackageResponse = v.InferOutput<typeof packageResponse>;

export const packageList = v.array(
  object({
    reference_number: v.optional(v.nullable(v.string())),
    order_number: v.string(),
    last_change: v.optional(v.nullable(v.string())),
    delivered: v.optional(v.nullable(v.string())),
  }),
);

export const deleteResponse = v.array(object({ code: v.string(), order_number: v.string(), barcode: v.optional(v.array(v.string())) }));

export const pickupRequest = object({ pickup_date: v.pipe(v.string(), v.isoDate()) });

export const pickupResponse = object({
  id: v.string(),
  pickup_type: v.string(),
  pickup_from: v.optional(v.nullable(v.string())),
  pickup_to: v.optional(v.nullable(v.string())),
  created: v.optional(v.nullable(v.string())),
  is_deletable: v.optional(v.boolean()),
});

/** WE|DO's refusal: `error_code` and `message` (its documentation); `detail` texts (the v2 client) */
export const errorResponse = object({ error_code: v.optional(v.nullable(v.string())), message: v.optional(v.nullable(v.string())), detail: v.optional(v.nullable(v.array(v.string()))) });
