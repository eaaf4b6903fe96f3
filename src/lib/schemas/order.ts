import * as v from 'valibot';
import { dicMatchesIcDph, hasRequiredHouseNumber, isValidEmail, isValidIcDphSk, isValidIco, isValidZipFormat, isZipOfCountry } from '../validators';
import { isValidDic, phoneE164 } from './account';
import { singleLine, text } from './fields';
import { object } from './object';
import { codCurrencyCheck, idLike, quoteEntries } from './quote';

/**
 * POST v1/orders (issue 10): the cart's items as §7 shipment payloads with full addresses,
 * the payer, the payment method, the contact e-mail and the terms. Unknown keys are dropped.
 */
export const PAYMENT_METHOD_IDS = ['bank_transfer', 'card', 'credit'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];
/** and `invoice`: an order on the contract (payer `account`), billed on a contract customer's monthly invoice (checked in orders/create.ts) */
export const ORDER_PAYMENT_METHOD_IDS = [...PAYMENT_METHOD_IDS, 'invoice'] as const;
/**
 * Items of one order. 100 keeps a cart within the browser's storage (an item carries its
 * quote) and an order's booking within one request's D1 budget (lifecycle.bookShipments).
 */
export const MAX_ORDER_ITEMS = 100;

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');
const optional = (max: number) => v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => s?.trim() ?? ''), v.maxLength(max, 'validation.too_long'), singleLine()), '');
const required = (max: number) => v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(max, 'validation.too_long'), singleLine());

/** an address a parcel can be sent from or to (spec §5 complete for sending, the API shape of §3) */
export const ShippingAddressSchema = v.pipe(
  object(
    {
      company: optional(200),
      firstname: optional(100),
      surname: optional(100),
      street: required(200),
      city: required(100),
      zip: v.pipe(required(12), v.transform((zip) => zip.replace(/\s+/g, '').toUpperCase())),
      country: v.pipe(required(2), v.toLowerCase(), v.regex(/^[a-z]{2}$/, 'validation.country_code')),
      phone: v.pipe(required(40), v.check((p) => phoneE164(p) !== null, 'validation.phone')),
      email: v.pipe(required(254), v.check(isValidEmail, 'validation.email')),
    },
    objectMessage,
  ),
  v.forward(v.partialCheck([['street'], ['country']], (a) => hasRequiredHouseNumber(a.street, a.country), 'validation.street_number'), ['street']),
  // the form's PSČ rules (spec §5), so an API client cannot book a parcel to a postcode the carrier cannot route
  v.forward(v.partialCheck([['zip'], ['country']], (a) => isValidZipFormat(a.zip, a.country), 'validation.zip'), ['zip']),
  v.forward(v.partialCheck([['zip'], ['country']], (a) => !isValidZipFormat(a.zip, a.country) || isZipOfCountry(a.zip, a.country), 'validation.zipCountry'), ['zip']),
  v.forward(v.partialCheck([['company'], ['firstname']], (a) => a.company !== '' || a.firstname !== '', 'validation.required'), ['firstname']),
  v.forward(v.partialCheck([['company'], ['surname']], (a) => a.company !== '' || a.surname !== '', 'validation.required'), ['surname']),
);
export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;

/** the §7 shipment payload of an ordered item: a chosen service and full addresses */
export const OrderShipmentSchema = v.pipe(
  object(
    {
      ...quoteEntries,
      from: ShippingAddressSchema,
      to: ShippingAddressSchema,
      service_id: v.pipe(v.union([v.string(), v.number()], 'validation.required'), v.transform(String), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(64, 'validation.too_long')),
    },
    objectMessage,
  ),
  codCurrencyCheck(),
);
export type OrderShipment = v.InferOutput<typeof OrderShipmentSchema>;

export const OrderItemSchema = object(
  {
    shipment: OrderShipmentSchema,
    collection_point_id: idLike,
    delivery_point_id: idLike,
  },
  objectMessage,
);

export const PayerSchema = v.pipe(
  object(
    {
      type: v.picklist(['person', 'company', 'account'], 'validation.payer_type'),
      company: optional(200),
      ico: v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => (s ?? '').replace(/\s/g, ''))), ''),
      dic: v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => (s ?? '').replace(/\s/g, '').toUpperCase())), ''),
      /** a Slovak VAT payer's IČ DPH (SK + its DIČ): its order is reverse-charged (docs/vat.md) */
      ic_dph: v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => (s ?? '').replace(/\s/g, '').toUpperCase())), ''),
      country: v.optional(v.picklist(['cz', 'sk'], 'validation.business_country'), 'cz'),
    },
    objectMessage,
  ),
  v.forward(v.partialCheck([['type'], ['company']], (p) => p.type !== 'company' || p.company !== '', 'validation.required'), ['company']),
  v.forward(v.partialCheck([['type'], ['ico']], (p) => p.type !== 'company' || isValidIco(p.ico), 'validation.tin'), ['ico']),
  v.forward(v.partialCheck([['type'], ['dic'], ['country']], (p) => p.type !== 'company' || p.dic === '' || isValidDic(p.dic, p.country), 'validation.dic'), ['dic']),
  v.forward(v.partialCheck([['type'], ['ic_dph'], ['country']], (p) => p.type !== 'company' || p.ic_dph === '' || (p.country === 'sk' && isValidIcDphSk(p.ic_dph)), 'validation.vatin'), ['ic_dph']),
  v.forward(v.partialCheck([['type'], ['dic'], ['ic_dph'], ['country']], (p) => p.type !== 'company' || p.country !== 'sk' || dicMatchesIcDph(p.dic, p.ic_dph), 'validation.dic_ic_dph'), ['ic_dph']),
);

export const CreateOrderSchema = object(
  {
    items: v.pipe(v.array(OrderItemSchema, 'validation.array'), v.minLength(1, 'validation.cart_empty'), v.maxLength(MAX_ORDER_ITEMS, 'validation.too_many')),
    payment_method: v.picklist(ORDER_PAYMENT_METHOD_IDS, 'validation.payment_method'),
    payer: PayerSchema,
    email: v.pipe(required(254), v.toLowerCase(), v.check(isValidEmail, 'validation.email')),
    discount_code: v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => (s ?? '').trim().toUpperCase()), v.maxLength(40, 'validation.too_long')), ''),
    terms: v.literal(true, 'validation.terms'),
    language: v.optional(v.picklist(['cs', 'sk', 'en'], 'validation.language')),
    /** what the customer saw and agreed to pay (minor units); a different price answers 409 PRICE_CHANGED instead of charging it */
    expected_total_vat: v.optional(v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(0, 'validation.too_low'))),
  },
  objectMessage,
);
export type CreateOrderInput = v.InferInput<typeof CreateOrderSchema>;
export type CreateOrderOutput = v.InferOutput<typeof CreateOrderSchema>;

/** POST v1/orders/:token/refund-account: the account a bank refund goes to (checked per territory by the server) */
export const RefundAccountSchema = object(
  { account: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(50, 'validation.too_long')) },
  objectMessage,
);

/** POST v1/sandbox/bank/statement: one line of the sandbox bank's statement */
export const SandboxStatementSchema = object(
  {
    variable_symbol: v.pipe(v.union([v.string(), v.number()], 'validation.required'), v.transform(String), v.regex(/^\d{1,10}$/, 'validation.variableSymbol')),
    amount: v.pipe(v.number('validation.number'), v.finite('validation.number'), v.minValue(0.01, 'validation.too_low'), v.maxValue(10_000_000, 'validation.too_high')),
    currency: v.picklist(['CZK', 'EUR'], 'validation.currency_code'),
    counter_account: v.optional(v.pipe(v.string(), v.maxLength(50, 'validation.too_long'))),
  },
  objectMessage,
);

/** POST v1/shipments/storno */
export const StornoSchema = object(
  {
    shipments: v.pipe(v.array(object({ id: v.pipe(v.union([v.number(), v.string()], 'validation.required'), v.transform(Number), v.integer('validation.integer')) }, objectMessage), 'validation.array'), v.minLength(1, 'validation.required'), v.maxLength(50, 'validation.too_many')),
    token: v.optional(v.pipe(v.string(), v.maxLength(100, 'validation.too_long'))),
  },
  objectMessage,
);

/** POST v1/orders/price: the items and the discount code of a checkout */
export const PriceOrderSchema = object(
  {
    items: v.pipe(v.array(OrderItemSchema, 'validation.array'), v.minLength(1, 'validation.cart_empty'), v.maxLength(MAX_ORDER_ITEMS, 'validation.too_many')),
    discount_code: v.optional(v.pipe(v.nullable(v.string('validation.string')), v.transform((s) => (s ?? '').trim().toUpperCase()), v.maxLength(40, 'validation.too_long')), ''),
    /** the payer when chosen: its VAT (a Slovak IČ DPH is reverse-charged) as POST v1/orders will charge it */
    payer: v.optional(PayerSchema),
  },
  objectMessage,
);

/** a card payment's failure reason when the gateway could not start it (the order page offers another try or a transfer) */
export const CARD_GATEWAY_UNAVAILABLE = 'gateway_unavailable';
