import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The one description of the D1 database: typed queries read it, and `npm run db:generate`
 * (drizzle-kit) writes the SQL migrations wrangler applies from it. The tables up to
 * parcel points were created by the hand-written migrations 0001–0010; they are described
 * here as they are, and drizzle-kit's baseline snapshot records them.
 */

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const flag = (name: string) => integer(name, { mode: 'boolean' });

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
  },
  (t) => [
    index('ratings_created_at').on(t.createdAt, t.id),
    index('ratings_score').on(t.score, t.createdAt),
    index('ratings_country').on(t.country, t.score),
    index('ratings_carrier').on(t.carrier),
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
    language: text('language', { enum: ['cs', 'en'] }).notNull().default('cs'),
    eori: text('eori'),
    /** set from contracts, never from a form */
    priceType: text('price_type', { enum: ['Easy', 'Profi', 'Flexi'] }),
    hasContract: flag('has_contract').notNull().default(false),
    isAdmin: flag('is_admin').notNull().default(false),
    clientSectionForceNew: flag('client_section_force_new').notNull().default(false),
    clientSectionPreferNew: flag('client_section_prefer_new').notNull().default(false),
    blockedAt: text('blocked_at'),
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
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash), index('api_keys_user').on(t.userId)],
);

export const ONE_TIME_TOKEN_PURPOSES = ['login', 'password_reset', 'email_confirm'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Login links, password resets, e-mail confirmations: single use, expiring; the token is stored hashed. */
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
  (t) => [uniqueIndex('one_time_tokens_hash').on(t.tokenHash), index('one_time_tokens_user').on(t.userId, t.purpose)],
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
  (t) => [index('sign_in_attempts_email').on(t.email, t.createdAt), index('sign_in_attempts_address').on(t.address, t.createdAt)],
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
