import * as v from 'valibot';
import { looseObject, object } from '../../../../lib/schemas/object';

/** GoPay's payments REST API (../PROTOCOL.md): our subset of the fields we send and read */

const cents = v.pipe(v.number(), v.safeInteger());
const positiveCents = v.pipe(cents, v.minValue(1));
/** GoPay's ids are longs (~10 digits): a number in its answers; we keep them as strings */
const longId = v.pipe(v.union([v.pipe(v.number(), v.safeInteger(), v.minValue(0)), v.pipe(v.string(), v.regex(/^\d{1,18}$/))]), v.transform(String));

export const GOPAY_STATES = ['CREATED', 'PAYMENT_METHOD_CHOSEN', 'PAID', 'AUTHORIZED', 'CANCELED', 'TIMEOUTED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type GoPayState = (typeof GOPAY_STATES)[number];

/** the instruments we offer (the code lists have more: GOPAY, PAYPAL, CLICK_TO_PAY, TWISTO, …) */
export const GOPAY_INSTRUMENTS = ['PAYMENT_CARD', 'APPLE_PAY', 'GPAY', 'BANK_ACCOUNT'] as const;
export type GoPayInstrument = (typeof GOPAY_INSTRUMENTS)[number];

export const GOPAY_CURRENCIES = ['CZK', 'EUR', 'PLN', 'HUF', 'GBP', 'USD', 'RON', 'BGN'] as const;
export const GOPAY_LANGUAGES = ['CS', 'EN', 'SK', 'DE', 'RU', 'PL', 'HU', 'FR', 'RO', 'BG', 'HR', 'IT', 'ES', 'UK', 'ET', 'LT', 'LV', 'SL', 'PT'] as const;

/** POST /oauth2/token's answer */
export const tokenAnswer = looseObject({
  token_type: v.optional(v.string()),
  access_token: v.pipe(v.string(), v.minLength(1)),
  expires_in: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]), v.minValue(0)),
});

const contact = object({
  first_name: v.optional(v.pipe(v.string(), v.maxLength(256))),
  last_name: v.optional(v.pipe(v.string(), v.maxLength(256))),
  email: v.pipe(v.string(), v.maxLength(128), v.email()),
  phone_number: v.optional(v.pipe(v.string(), v.regex(/^\+\d{6,15}$/, 'phone_number must have its country prefix'))),
  city: v.optional(v.pipe(v.string(), v.maxLength(128))),
  street: v.optional(v.pipe(v.string(), v.maxLength(128))),
  postal_code: v.optional(v.pipe(v.string(), v.maxLength(16))),
  country_code: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'country_code is ISO 3166-1 alpha-3'))),
});

export const paymentItem = object({
  type: v.picklist(['ITEM', 'DELIVERY', 'DISCOUNT']),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  /** the line's total in cents (negative for a discount) */
  amount: cents,
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  vat_rate: v.optional(v.picklist([0, 10, 12, 15, 21])),
});

const url512 = v.pipe(v.string(), v.maxLength(512), v.url());

/** POST /payments/payment's body */
export const paymentRequest = v.pipe(
  object({
    payer: object({
      allowed_payment_instruments: v.pipe(v.array(v.picklist(GOPAY_INSTRUMENTS)), v.minLength(1)),
      default_payment_instrument: v.optional(v.picklist(GOPAY_INSTRUMENTS)),
      allowed_swifts: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Z0-9-]{8,20}$/))), v.minLength(1))),
      contact,
    }),
    target: object({ type: v.literal('ACCOUNT'), goid: v.pipe(v.number(), v.safeInteger(), v.minValue(1)) }),
    amount: positiveCents,
    currency: v.picklist(GOPAY_CURRENCIES),
    order_number: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,128}$/, 'order_number is letters and digits, at most 128')),
    order_description: v.optional(v.pipe(v.string(), v.maxLength(256))),
    items: v.pipe(v.array(paymentItem), v.minLength(1)),
    callback: object({ return_url: url512, notification_url: url512 }),
    lang: v.optional(v.picklist(GOPAY_LANGUAGES)),
  }),
  v.check((p) => p.items.reduce((sum, i) => sum + i.amount, 0) === p.amount, 'the items add up to the amount (GoPay error 360)'),
  v.check((p) => !p.payer.default_payment_instrument || p.payer.allowed_payment_instruments.includes(p.payer.default_payment_instrument), 'the default instrument is one of the allowed'),
  v.check((p) => !p.payer.allowed_swifts || p.payer.allowed_payment_instruments.includes('BANK_ACCOUNT'), 'swifts only with BANK_ACCOUNT'),
);
export type PaymentRequest = v.InferOutput<typeof paymentRequest>;

/** a payment as GoPay answers it (create and status); `gw_url` trimmed (GoPay's example has a stray space) */
export const paymentAnswer = looseObject({
  id: longId,
  order_number: v.optional(v.string()),
  state: v.picklist(GOPAY_STATES),
  sub_state: v.optional(v.nullable(v.string())),
  amount: cents,
  currency: v.string(),
  payment_instrument: v.optional(v.nullable(v.string())),
  gw_url: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.url()))),
});
export type PaymentAnswer = v.InferOutput<typeof paymentAnswer>;

/** POST /payments/payment/{id}/refund's answer */
export const refundAnswer = looseObject({ id: longId, result: v.picklist(['ACCEPTED', 'FINISHED', 'FAILED']) });

const errorEntry = looseObject({
  scope: v.optional(v.nullable(v.string())),
  field: v.optional(v.nullable(v.string())),
  message: v.optional(v.nullable(v.string())),
  description: v.optional(v.nullable(v.string())),
  error_code: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]), v.safeInteger()),
  error_name: v.optional(v.nullable(v.string())),
});
export type GoPayErrorEntry = v.InferOutput<typeof errorEntry>;

/** GoPay's error body: `{date_issued, errors: [...]}`, or (its "global" example) one bare entry */
export const errorAnswer = v.union([
  v.pipe(
    looseObject({ date_issued: v.optional(v.unknown()), errors: v.pipe(v.array(errorEntry), v.minLength(1)) }),
    v.transform((e) => e.errors),
  ),
  v.pipe(errorEntry, v.transform((e) => [e])),
]);
