import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The one description of the D1 database: typed queries read it, and `npm run db:generate`
 * (drizzle-kit) writes the SQL migrations wrangler applies from it. The tables up to
 * parcel points were created by the hand-written migrations 0001–0010; they are described
 * here as they are, and drizzle-kit's baseline snapshot records them. The client section's
 * areas keep their tables in files of their own (schema-<area>.ts), re-exported at the end.
 */

import { flag, now } from './columns';

// ── content and reference data (0001–0007) ───────────────────────────────────

/** spec §3 Country: banned when priority < 1 */
export const countries = sqliteTable('countries', {
  code: text('code').primaryKey(),
  nameCs: text('name_cs').notNull(),
  nameEn: text('name_en').notNull(),
  nameSk: text('name_sk').notNull(),
  nameEs: text('name_es').notNull(),
  phonePrefix: text('phone_prefix'),
  eu: flag('eu').notNull().default(false),
  import: flag('import').notNull().default(true),
  export: flag('export').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  favourite: flag('favourite').notNull().default(false),
  currency: text('currency'),
});

export const headerBar = sqliteTable(
  'header_bar',
  {
    id: integer('id').primaryKey(),
    territory: text('territory', { enum: ['cz', 'sk'] }).notNull(),
    messageCs: text('message_cs').notNull(),
    messageEn: text('message_en').notNull(),
    popupContentCs: text('popup_content_cs'),
    popupContentEn: text('popup_content_en'),
    buttonTextCs: text('button_text_cs'),
    buttonTextEn: text('button_text_en'),
    /** the partial languages (spec §1): each empty text falls back to Czech */
    messageSk: text('message_sk'),
    popupContentSk: text('popup_content_sk'),
    buttonTextSk: text('button_text_sk'),
    messageEs: text('message_es'),
    popupContentEs: text('popup_content_es'),
    buttonTextEs: text('button_text_es'),
    instant: flag('instant').notNull().default(false),
    postponeDays: integer('postpone_days').notNull().default(3),
    active: flag('active').notNull().default(true),
  },
  (t) => [index('header_bar_territory_active').on(t.territory, t.active, t.id)],
);

export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey(),
    author: text('author').notNull(),
    score: real('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: text('created_at').notNull(),
    carrier: text('carrier'),
    country: text('country').references(() => countries.code),
    /** the rated shipment (customers' ratings; the seeded ones have none): one rating each */
    shipmentId: integer('shipment_id'),
    updatedAt: text('updated_at'),
    /** the language the review is written in (the rated order's language): pages in another language mark it with `lang` */
    language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull().default('cs'),
  },
  (t) => [
    index('ratings_created_at').on(t.createdAt, t.id),
    index('ratings_score').on(t.score, t.createdAt),
    index('ratings_country').on(t.country, t.score),
    index('ratings_carrier').on(t.carrier),
    uniqueIndex('ratings_shipment').on(t.shipmentId),
  ],
);

export const benefitStats = sqliteTable('benefit_stats', {
  id: integer('id').primaryKey(),
  happyUserRatingCurrent: real('happy_user_rating_current').notNull(),
  shipmentsLastYearCurrent: integer('shipments_last_year_current').notNull(),
  usersCurrent: integer('users_current').notNull(),
  yearsOfExperienceCurrent: integer('years_of_experience_current').notNull(),
});

/** rate_czk is the CZK price of `amount` units of the currency */
export const exchangeRates = sqliteTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  rateCzk: real('rate_czk').notNull(),
  amount: integer('amount').notNull().default(1),
  validOn: text('valid_on'),
});

/** client error reports (POST v1/app/error), CSP reports and server bugs; JSON fields masked */
export const appErrors = sqliteTable(
  'app_errors',
  {
    id: integer('id').primaryKey(),
    createdAt: text('created_at').notNull().default(now),
    url: text('url'),
    build: text('build'),
    error: text('error'),
    xhr: text('xhr'),
    store: text('store'),
    context: text('context'),
    note: text('note'),
    debug: text('debug'),
  },
  (t) => [index('app_errors_created_at').on(t.createdAt)],
);

export const handshakes = sqliteTable(
  'handshakes',
  {
    id: integer('id').primaryKey(),
    createdAt: text('created_at').notNull().default(now),
    url: text('url').notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    anonymousId: text('anonymous_id').notNull(),
  },
  (t) => [index('handshakes_created_at').on(t.createdAt), index('handshakes_anonymous_id').on(t.anonymousId)],
);

// ── parcel points (0010) ─────────────────────────────────────────────────────

export const PARCEL_POINT_KINDS = ['locker', 'post_office', 'shop', 'depot'] as const;

export const parcelPoints = sqliteTable(
  'parcel_points',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: PARCEL_POINT_KINDS }).notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    country: text('country', { enum: ['cz', 'sk'] }).notNull(),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    isCollection: flag('is_collection').notNull().default(false),
    cardPayment: flag('card_payment').notNull().default(false),
    wheelchairAccess: flag('wheelchair_access').notNull().default(false),
    /** JSON: [{ day: 1..7, hours: ['08:00-12:00', …] }] */
    openingHours: text('opening_hours').notNull().default('[]'),
    phones: text('phones').notNull().default('[]'),
    notes: text('notes').notNull().default('[]'),
    statuses: text('statuses').notNull().default('[]'),
    sample: flag('sample').notNull().default(false),
  },
  (t) => [index('parcel_points_lat_lng').on(t.lat, t.lng)],
);

export const parcelPointCarriers = sqliteTable(
  'parcel_point_carriers',
  {
    pointId: text('point_id')
      .notNull()
      .references(() => parcelPoints.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: ['balikovna', 'dpd', 'gls', 'ppl', 'zasilkovna', 'wedo'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.carrier] }), index('parcel_point_carriers_carrier').on(t.carrier, t.pointId)],
);

// ── accounts (Step 4) ─────────────────────────────────────────────────────────

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** lower-cased */
    email: text('email').notNull(),
    emailConfirmedAt: text('email_confirmed_at'),
    /** pbkdf2_sha256$<iterations>$<salt>$<hash>; null for an account that only signs in socially */
    passwordHash: text('password_hash'),
    firstname: text('firstname'),
    surname: text('surname'),
    /** E.164 */
    phone: text('phone'),
    segment: text('segment', { enum: ['A', 'B', 'C'] }).notNull().default('A'),
    company: text('company'),
    ico: text('ico'),
    dic: text('dic'),
    icDph: text('ic_dph'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    country: text('country'),
    avatar: text('avatar'),
    language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull().default('cs'),
    eori: text('eori'),
    /** the default account of cash on delivery: a Czech '(prefix-)number' with its bank code, or an IBAN (bank code null) */
    codAccountNumber: text('cod_account_number'),
    codBankCode: text('cod_bank_code'),
    /** set from contracts, never from a form */
    priceType: text('price_type', { enum: ['Easy', 'Profi', 'Flexi'] }),
    hasContract: flag('has_contract').notNull().default(false),
    isAdmin: flag('is_admin').notNull().default(false),
    clientSectionForceNew: flag('client_section_force_new').notNull().default(false),
    clientSectionPreferNew: flag('client_section_prefer_new').notNull().default(false),
    blockedAt: text('blocked_at'),
    /**
     * how many shipments the account has, kept by triggers on shipments (migration
     * user_shipments_count): the shipments list's total without counting 50,000 rows
     */
    shipmentsCount: integer('shipments_count').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('users_email').on(t.email)],
);

/** A user's API keys: only the SHA-256 of the key is stored. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** how it was issued: password, token, google, facebook, register, password_set */
    method: text('method').notNull(),
    createdAt: text('created_at').notNull().default(now),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash), index('api_keys_user').on(t.userId), index('api_keys_revoked_at').on(t.revokedAt).where(sql`"revoked_at" IS NOT NULL`)],
);

export const ONE_TIME_TOKEN_PURPOSES = ['login', 'password_reset', 'email_confirm'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/**
 * Login links, password resets, e-mail confirmations: single use, expiring; the token is stored hashed.
 * Held by the account's e-mail (the mail of that purpose); opens only that purpose: signs in
 * (/prihlaseni/:token), sets the password (/nastavit-heslo/:token) or confirms the address.
 */
export const oneTimeTokens = sqliteTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('one_time_tokens_hash').on(t.tokenHash), index('one_time_tokens_user').on(t.userId, t.purpose), index('one_time_tokens_expires_at').on(t.expiresAt)],
);

/** Every sign-in attempt, for the per-e-mail and per-address limits. */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    address: text('address').notNull(),
    success: flag('success').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('sign_in_attempts_email').on(t.email, t.createdAt), index('sign_in_attempts_address').on(t.address, t.createdAt), index('sign_in_attempts_created_at').on(t.createdAt)],
);

/** Social identities linked to an account. */
export const socialIdentities = sqliteTable(
  'social_identities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('social_identities_subject').on(t.provider, t.subject), index('social_identities_user').on(t.userId)],
);

/** spec §3 Settings: common settings of a user, key → JSON value */
export const userSettings = sqliteTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** spec §7 tutorial tasks: code → progress value */
export const tutorialTasks = sqliteTable(
  'tutorial_tasks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: integer('value').notNull().default(0),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

/** Every e-mail the product sends, with its status (the local mailbox reads it). */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: text('created_at').notNull().default(now),
    sentAt: text('sent_at'),
  },
  (t) => [index('outbox_created_at').on(t.createdAt), index('outbox_to').on(t.to), check('outbox_status', sql`${t.status} IN ('queued', 'sent', 'failed')`)],
);

// ── orders and payments (Step 5) ──────────────────────────────────────────────

export const ORDER_STATUSES = ['unpaid', 'paid', 'processing', 'completed', 'cancelled', 'refunded'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
/** bank_transfer, card and credit are offered at checkout; invoice is the contract customers' monthly invoice (v1/shipments/create) */
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'credit', 'invoice'] as const;
export const SHIPMENT_STATUSES = ['pending', 'created', 'cancelled'] as const;
/** DOMAIN.md normalized tracking statuses (the carriers' types.ts TRACKING_STATUSES) */
export const TRACKING_STATUS_VALUES = ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'delivery_failed', 'on_hold', 'return_to_sender', 'cancelled', 'unknown'] as const;

/** Numbered sequences (order numbers, invoice numbers): one row per name, incremented atomically. */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * The order token, 32 random bytes: held by the orderer only (order mails, the order page); opens
     * the order page, its invoice link, labels, storno, claims, change requests, rating and NPS.
     * Never in a recipient's mail or a tracking URL (the recipient has services/tracking/recipient.ts).
     */
    token: text('token').notNull(),
    /** 'OP' + the variable symbol */
    number: text('number').notNull(),
    /** the Idempotency-Key it was created with (per user or guest): one order per key, whatever fails and retries; '' once archived */
    idempotencyKey: text('idempotency_key').notNull(),
    variableSymbol: text('variable_symbol').notNull(),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull(),
    territory: text('territory', { enum: ['cz', 'sk'] }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    payerType: text('payer_type', { enum: ['person', 'company', 'account'] }).notNull(),
    payerName: text('payer_name'),
    payerIco: text('payer_ico'),
    payerDic: text('payer_dic'),
    /** a Slovak company's IČ DPH (or an account's): its items are reverse-charged (docs/vat.md) */
    payerIcDph: text('payer_ic_dph'),
    discountCode: text('discount_code'),
    /** minor units (haléř, cent), with VAT */
    discountMinor: integer('discount_minor').notNull().default(0),
    /** sum of the items without VAT, after the discount */
    totalMinor: integer('total_minor').notNull(),
    /** sum of the items with VAT, after the discount: what is paid */
    totalVatMinor: integer('total_vat_minor').notNull(),
    /** money returned for cancelled shipments */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    paidAt: text('paid_at'),
    updatedAt: text('updated_at').notNull().default(now),
    /**
     * when its items' quotes, its shipments' label data and its invoice's data moved to R2
     * (services/archive/orders.ts; those columns then hold ''), and the object that holds them
     */
    recordsArchivedAt: text('records_archived_at'),
    recordsArchiveKey: text('records_archive_key'),
  },
  (t) => [
    uniqueIndex('orders_token').on(t.token),
    // the records archive's candidates: not yet archived and ever paid (an unpaid order, or one cancelled unpaid, never qualifies: off the walk), oldest first
    index('orders_archivable').on(t.createdAt).where(sql`"records_archived_at" IS NULL AND "paid_at" IS NOT NULL`),
    uniqueIndex('orders_number').on(t.number),
    uniqueIndex('orders_variable_symbol').on(t.variableSymbol),
    // '' once the order's records are archived: only live keys are indexed
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey).where(sql`"idempotency_key" <> ''`),
    // newest first (id breaks ties) and covering for the overview's month spend (status, currency, amounts)
    index('orders_user').on(t.userId, t.createdAt, t.id, t.status, t.currency, t.totalVatMinor, t.refundedMinor),
    index('orders_status').on(t.status, t.createdAt),
    // the monthly invoicing run: a month's orders on account, read from the index alone
    index('orders_payment_method').on(t.paymentMethod, t.createdAt, t.userId, t.currency, t.status, t.totalVatMinor, t.refundedMinor),
  ],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: text('service_id').notNull(),
    carrier: text('carrier').notNull(),
    /** the validated §7 shipment payload (JSON) */
    shipment: text('shipment').notNull(),
    /** the quote it was priced with (JSON) */
    quote: text('quote').notNull(),
    priceMinor: integer('price_minor').notNull(),
    priceVatMinor: integer('price_vat_minor').notNull(),
    /** percent: 21 (CZ), 23 (SK) */
    vatRate: integer('vat_rate').notNull(),
    collectionPointId: text('collection_point_id'),
    deliveryPointId: text('delivery_point_id'),
  },
  (t) => [uniqueIndex('order_items_position').on(t.orderId, t.position)],
);

export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** what arrived so far (bank transfers may come short or in parts) */
    receivedMinor: integer('received_minor').notNull().default(0),
    /** the card gateway's payment id */
    gatewayRef: text('gateway_ref'),
    redirectUrl: text('redirect_url'),
    failureReason: text('failure_reason'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('payments_order').on(t.orderId), uniqueIndex('payments_gateway_ref').on(t.gatewayRef)],
);

/** Incoming bank transactions, once each (the bank's id is unique), and what they were matched to. */
export const bankTransactions = sqliteTable(
  'bank_transactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bankRef: text('bank_ref').notNull(),
    variableSymbol: text('variable_symbol'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    bookedOn: text('booked_on').notNull(),
    counterAccount: text('counter_account'),
    orderId: integer('order_id').references(() => orders.id),
    outcome: text('outcome', { enum: ['paid', 'partial', 'overpaid', 'unmatched', 'duplicate'] }).notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('bank_transactions_ref').on(t.bankRef),
    index('bank_transactions_vs').on(t.variableSymbol),
    index('bank_transactions_order').on(t.orderId),
    index('bank_transactions_outcome').on(t.outcome, t.bookedOn),
  ],
);

export const CREDIT_REASONS = ['top_up', 'overpayment', 'order_payment', 'invoice_payment', 'refund', 'adjustment'] as const;

/**
 * Account credit as a ledger: entries only, the balance is their sum. `dedupeKey` makes
 * each business event enter once (an order paid, a shipment refunded, an overpayment).
 */
export const creditEntries = sqliteTable(
  'credit_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** signed minor units: + top-up, overpayment, refund; − payment */
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('credit_entries_dedupe').on(t.dedupeKey), index('credit_entries_user').on(t.userId, t.currency, t.amountMinor), index('credit_entries_order').on(t.orderId), index('credit_entries_user_id').on(t.userId, t.id)],
);

export const shipments = sqliteTable(
  'shipments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    /** spec §5: 'IZ' + 10 digits */
    trackingNumber: text('tracking_number').notNull(),
    /** random nonce of the recipient's tracking token (services/tracking/recipient.ts); the token itself is never stored */
    recipientNonce: text('recipient_nonce'),
    carrier: text('carrier').notNull(),
    serviceId: text('service_id').notNull(),
    /** the carrier's own number, once it accepted the shipment */
    carrierRef: text('carrier_ref'),
    /** the carrier's number of each package (JSON string array, in package order) when it numbers packages */
    carrierPackages: text('carrier_packages'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('pending'),
    pickupDate: text('pickup_date'),
    pickupFrom: text('pickup_from'),
    pickupTo: text('pickup_to'),
    /** what the label prints (JSON) */
    label: text('label'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** the carrier refused the last booking attempt: its error code ('' when it gave none); null when it did not refuse */
    refusalCode: text('refusal_code'),
    refundMinor: integer('refund_minor').notNull().default(0),
    /** the latest normalized tracking status (DOMAIN.md), from the newest event by its time */
    trackingStatus: text('tracking_status', { enum: TRACKING_STATUS_VALUES }).notNull().default('pending'),
    /** when that status happened at the carrier */
    trackingAt: text('tracking_at'),
    deliveredAt: text('delivered_at'),
    /** the courier's last known position on the way (JSON {lat, lon, at}) for carriers that report it (Liftago) */
    courierPosition: text('courier_position'),
    createdAt: text('created_at').notNull().default(now),
    cancelledAt: text('cancelled_at'),
    /** when its tracking events moved to R2 (services/archive/tracking.ts), and the object that holds them (null: it had none) */
    eventsArchivedAt: text('events_archived_at'),
    eventsArchiveKey: text('events_archive_key'),
  },
  (t) => [
    uniqueIndex('shipments_tracking').on(t.trackingNumber),
    // the archive job's candidates: final (delivered or cancelled), not yet archived, oldest first
    index('shipments_archivable_delivered').on(t.deliveredAt).where(sql`"events_archived_at" IS NULL`),
    index('shipments_archivable_cancelled').on(t.cancelledAt).where(sql`"events_archived_at" IS NULL`),
    // ended by the carrier's tracking alone (returned to the sender, or cancelled by the carrier): no delivered_at or cancelled_at, its last event (tracking_at) is its end
    index('shipments_archivable_tracking')
      .on(t.trackingAt)
      .where(sql`"events_archived_at" IS NULL AND "tracking_status" IN ('return_to_sender', 'cancelled') AND "delivered_at" IS NULL AND "cancelled_at" IS NULL`),
    // the poller's open parcels (services/tracking/ingest.ts OPEN: the literals match; named INDEXED BY), along the id: a few
    // thousand of the table's millions
    index('shipments_open')
      .on(t.status, t.id)
      .where(sql`"status" = 'created' AND "tracking_status" NOT IN ('delivered', 'cancelled', 'return_to_sender') AND "events_archived_at" IS NULL`),
    uniqueIndex('shipments_item').on(t.itemId),
    index('shipments_order').on(t.orderId),
    index('shipments_user').on(t.userId, t.createdAt),
    // the overview's parcels on their way (count and newest five) without the user's delivered ones
    index('shipments_user_tracking').on(t.userId, t.status, t.trackingStatus, t.trackingAt),
    // the list's carriers (a skip scan) and its carrier filter, counted from the index alone
    index('shipments_user_carrier').on(t.userId, t.carrier, t.createdAt, t.id, t.status, t.trackingStatus),
    index('shipments_status').on(t.status),
    index('shipments_carrier_ref').on(t.carrier, t.carrierRef),
  ],
);

export const INVOICE_KINDS = ['order', 'monthly'] as const;

/**
 * Invoices: one per paid order (kind order), or a contract customer's monthly invoice of the
 * orders billed on account in a calendar month (kind monthly: no order of its own, its orders
 * in invoice_orders, once per user, period and currency). Paid when `paidAt` is set; after its due date
 * when unpaid past `dueOn`.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** the account it belongs to (none for a guest's order) */
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('order'),
    /** a monthly invoice's calendar month, 'YYYY-MM' */
    period: text('period'),
    number: text('number').notNull(),
    /** the invoice token: held by the payer (order page, client invoices); opens /faktura/:token and its PDF only */
    token: text('token').notNull(),
    issuedOn: text('issued_on').notNull(),
    dueOn: text('due_on').notNull(),
    paidAt: text('paid_at'),
    variableSymbol: text('variable_symbol').notNull(),
    currency: text('currency').notNull(),
    /** what is to be paid, with VAT */
    totalMinor: integer('total_minor').notNull(),
    /** the invoice's content as issued (JSON): a tax document does not change */
    data: text('data').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('invoices_order').on(t.orderId),
    uniqueIndex('invoices_number').on(t.number),
    uniqueIndex('invoices_token').on(t.token),
    uniqueIndex('invoices_monthly').on(t.userId, t.period, t.currency),
    index('invoices_user').on(t.userId, t.issuedOn),
    // the unpaid ones of a user (the overview's counts), not every invoice it was ever issued
    index('invoices_user_unpaid').on(t.userId, t.dueOn).where(sql`"paid_at" IS NULL`),
    index('invoices_variable_symbol').on(t.variableSymbol),
  ],
);

/** One order per Idempotency-Key: the first answer is kept and replayed. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
  responseStatus: integer('response_status'),
  response: text('response'),
  /** an in-progress claim older than this may be taken over (its request died) */
  lockedUntil: text('locked_until').notNull(),
  createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('idempotency_keys_created_at').on(t.createdAt)],
);

export const discountCodes = sqliteTable('discount_codes', {
  code: text('code').primaryKey(),
  /** percent off, or an amount off in `currency` */
  percent: integer('percent'),
  amountMinor: integer('amount_minor'),
  currency: text('currency'),
  validUntil: text('valid_until'),
  active: flag('active').notNull().default(true),
});

/** The sandbox bank's account statement (local development only): lines booked by POST v1/sandbox/bank/statement. */
export const sandboxBankLines = sqliteTable('sandbox_bank_lines', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  variableSymbol: text('variable_symbol'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  counterAccount: text('counter_account'),
  bookedOn: text('booked_on').notNull(),
  /** an outgoing payment's specific symbol and message (a refund's identification, issue 25) */
  specificSymbol: text('specific_symbol'),
  message: text('message'),
});

/**
 * The UPS sandbox's shipments (local development only): one row per shipment (its 1Z
 * shipment identification number), its packages' 1Z numbers, when its driver scanned it
 * (void is refused from then on) and when it was voided.
 */
export const sandboxUpsShipments = sqliteTable('sandbox_ups_shipments', {
  shipmentId: text('shipment_id').primaryKey(),
  /** JSON array of the packages' 1Z tracking numbers */
  packages: text('packages').notNull(),
  reference: text('reference'),
  /** the amount UPS collects on delivery as the ship request gave it ('621.41 CZK'), or null */
  cod: text('cod'),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  createdAt: text('created_at').notNull(),
  pickedUpAt: text('picked_up_at'),
  voidedAt: text('voided_at'),
});

/** The UPS sandbox's pickup requests (local development only), by their PRN. */
export const sandboxUpsPickups = sqliteTable('sandbox_ups_pickups', {
  prn: text('prn').primaryKey(),
  pickupDate: text('pickup_date').notNull(),
  cancelledAt: text('cancelled_at'),
});

/** The PPL sandbox's shipments (local development only), by the set's master parcel number. */
export const sandboxPplShipments = sqliteTable('sandbox_ppl_shipments', {
  shipmentNumber: text('shipment_number').primaryKey(),
  /** JSON array of the parcels: number, label data id, weight */
  packages: text('packages').notNull(),
  /** the customer's reference (our IZ number): GET /shipment?CustomerReferences finds it */
  referenceId: text('reference_id').notNull(),
  productType: text('product_type').notNull(),
  note: text('note'),
  /** JSON of what the label prints (sender, recipient, product) */
  label: text('label').notNull(),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  createdAt: text('created_at').notNull(),
  pickedUpAt: text('picked_up_at'),
  cancelledAt: text('cancelled_at'),
});

/** The PPL sandbox's shipment and order batches: their items as GET …/batch/{id} answers them. */
export const sandboxPplBatches = sqliteTable('sandbox_ppl_batches', {
  batchId: text('batch_id').primaryKey(),
  kind: text('kind', { enum: ['shipment', 'order'] }).notNull(),
  items: text('items').notNull(),
  createdAt: text('created_at').notNull(),
});

/** The PPL sandbox's collection orders, by PPL's order number. */
export const sandboxPplOrders = sqliteTable('sandbox_ppl_orders', {
  orderNumber: text('order_number').primaryKey(),
  customerReference: text('customer_reference').notNull(),
  sendDate: text('send_date').notNull(),
  createdAt: text('created_at').notNull(),
  cancelledAt: text('cancelled_at'),
});

/** The DPD sandbox's shipments (local development only): DPD CZ's (NST shipment id) and DPD SK's (MPSID). */
export const sandboxDpdShipments = sqliteTable('sandbox_dpd_shipments', {
  shipmentId: text('shipment_id').primaryKey(),
  territory: text('territory', { enum: ['cz', 'sk'] }).notNull(),
  /** JSON array of the parcels' 14-digit numbers */
  parcels: text('parcels').notNull(),
  reference: text('reference'),
  /** JSON of what the label prints (sender, recipient, service, weights) */
  label: text('label').notNull(),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  createdAt: text('created_at').notNull(),
  pickedUpAt: text('picked_up_at'),
  cancelledAt: text('cancelled_at'),
});

/** The DPD sandbox's pickup orders (local development only). */
export const sandboxDpdPickups = sqliteTable('sandbox_dpd_pickups', {
  pickupId: text('pickup_id').primaryKey(),
  territory: text('territory', { enum: ['cz', 'sk'] }).notNull(),
  pickupDate: text('pickup_date').notNull(),
  cancelledAt: text('cancelled_at'),
});

/**
 * A shipment's tracking events, from a carrier's webhook or its poller: once each (the
 * carrier's event id, or its raw status and time, is unique per shipment), ordered by the
 * time they happened, not by arrival.
 */
export const trackingEvents = sqliteTable(
  'tracking_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    rawStatus: text('raw_status').notNull(),
    status: text('status', { enum: TRACKING_STATUS_VALUES }).notNull(),
    occurredAt: text('occurred_at').notNull(),
    location: text('location'),
    description: text('description'),
    source: text('source', { enum: ['webhook', 'poll', 'sandbox'] }).notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('tracking_events_key').on(t.shipmentId, t.eventKey), index('tracking_events_shipment').on(t.shipmentId, t.occurredAt)],
);

/** A notification sent once per shipment and kind (the tracking e-mails to the recipient). */
export const shipmentNotifications = sqliteTable(
  'shipment_notifications',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.kind] })],
);

/** Contact-form and business-offer submissions (issue 11), routed to a team's address. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
  id: integer('id').primaryKey({ autoIncrement: true }),
  form: text('form', { enum: ['contact', 'offer'] }).notNull(),
  topic: text('topic', { enum: ['customer_care', 'pr_marketing', 'sales', 'other'] }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  company: text('company'),
  ico: text('ico'),
  monthlyParcels: text('monthly_parcels'),
  trackingNumber: text('tracking_number'),
  message: text('message').notNull(),
  language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull(),
  territory: text('territory', { enum: ['cz', 'sk'] }).notNull(),
  ip: text('ip'),
  routedTo: text('routed_to').notNull(),
  createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('contact_messages_created_at').on(t.createdAt)],
);

/** NPS answers (issue 11): 0–10 and a comment, once per token; the token is the order token (the orderer's, /nps/:token). */
export const npsResponses = sqliteTable(
  'nps_responses',
  {
    token: text('token').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    score: integer('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: text('created_at').notNull().default(now),
  },
  // an order's answer (the yearly move, services/archive/years; and the foreign key's check when an order is deleted)
  (t) => [index('nps_responses_order').on(t.orderId)],
);

export const CLAIM_STATUSES = ['received', 'in_review', 'waiting_for_customer', 'accepted', 'rejected', 'paid_out'] as const;
export const CLAIM_REASONS = ['damaged', 'lost', 'late', 'contents_missing', 'other'] as const;

/** Claims of a shipment (issue 11): the claim token is held by whoever filed it (its mails to the contact e-mail); opens that claim's page, files and messages only. */
export const claims = sqliteTable(
  'claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    token: text('token').notNull(),
    number: text('number').notNull(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    reason: text('reason', { enum: CLAIM_REASONS }).notNull(),
    description: text('description').notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull(),
    /** compensation: a Czech account '(prefix-)number/bank' or an IBAN */
    bankAccount: text('bank_account'),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('received'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('claims_token').on(t.token), uniqueIndex('claims_number').on(t.number), index('claims_shipment').on(t.shipmentId)],
);

/** Messages of a claim, both ways (customer and our team), with their attachments. */
export const claimMessages = sqliteTable(
  'claim_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'team'] }).notNull(),
    body: text('body').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('claim_messages_claim').on(t.claimId, t.createdAt)],
);

/** Files of a claim kept in R2 (`claims/<claim token>/<id>`), type checked by content. */
export const claimFiles = sqliteTable(
  'claim_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => claimMessages.id),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('claim_files_claim').on(t.claimId), index('claim_files_message').on(t.messageId)],
);

export const CHANGE_KINDS = ['address', 'contact', 'cod', 'date'] as const;

/** Change requests of a shipment (issue 11): what the customer asked, and what the carrier said. */
export const changeRequests = sqliteTable(
  'change_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    /** the requested values (JSON) */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['accepted', 'rejected'] }).notNull(),
    reason: text('reason'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('change_requests_shipment').on(t.shipmentId, t.createdAt)],
);

// ── the client section's areas (Step 7), one file each ──────────────────────
export * from './schema-addresses';
export * from './schema-billing';
export * from './schema-business';
export * from './schema-shipments';
export * from './schema-content';
export * from './schema-sandbox-cpost';
export * from './schema-carrier-calls';
export * from './schema-sandbox-toptrans';
export * from './schema-sandbox-wedo';
export * from './schema-sandbox-fedex';
export * from './schema-sandbox-gls';
export * from './schema-sandbox-liftago';
export * from './schema-sandbox-gopay';
export * from './schema-money';
export * from './schema-years';
