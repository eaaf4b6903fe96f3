// The business area's tables of the client section (Step 7); re-exported by schema.ts.
// Reference other tables lazily (`references(() => users.id)`) and import them from './schema'.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CONTRACT_STATUSES, CONTRACT_TIERS, PICKUP_KINDS, PICKUP_STATUSES } from '../../lib/schemas/business';
import { now } from './columns';
import { users } from './schema';

/**
 * A customer's contract (issue 12 item 6). The team issues it with an activation link: only
 * the SHA-256 of the link's token is kept. Whoever opens the link signed in binds the contract
 * to their account and activates it; the user's tier and has_contract follow the one active
 * contract. Signing (signed_at, signed_ip) is the customer's confirmation in the app.
 */
export const contracts = sqliteTable(
  'contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** null until someone activates the link of an unbound contract */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    tier: text('tier', { enum: CONTRACT_TIERS }).notNull(),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('pending'),
    /** the contract activation token (hashed): held by the customer the team sends it to; opens /aktivace-smlouvy/:token, binding this contract to the signed-in account */
    activationTokenHash: text('activation_token_hash'),
    activatedAt: text('activated_at'),
    /** null: not signed yet */
    signedAt: text('signed_at'),
    signedIp: text('signed_ip'),
    /** yyyy-MM-dd; set on activation when the team left it open */
    validFrom: text('valid_from'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('contracts_number').on(t.number),
    uniqueIndex('contracts_activation_token').on(t.activationTokenHash),
    index('contracts_user').on(t.userId, t.status),
  ],
);

/** Where a courier collects a contract customer's parcels (svozová místa). */
export const pickupPlaces = sqliteTable(
  'pickup_places',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    contactPerson: text('contact_person').notNull(),
    /** E.164 */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    country: text('country', { enum: ['cz', 'sk'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('pickup_places_user').on(t.userId, t.id)],
);

/**
 * A pickup ordered from a carrier (svozy): once on `date`, or regularly on `weekdays` from
 * `date` on. The place is copied into `place` (JSON), so the history outlives its deletion.
 */
export const pickups = sqliteTable(
  'pickups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').references(() => pickupPlaces.id, { onDelete: 'set null' }),
    place: text('place').notNull(),
    carrier: text('carrier').notNull(),
    kind: text('kind', { enum: PICKUP_KINDS }).notNull(),
    /** one-time: the day; regular: the first day */
    date: text('date').notNull(),
    /** regular: ISO weekdays, '1,3,5' */
    weekdays: text('weekdays'),
    windowFrom: text('window_from').notNull(),
    windowTo: text('window_to').notNull(),
    parcelCount: integer('parcel_count').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PICKUP_STATUSES }).notNull().default('ordered'),
    /** the carrier's number of the pickup order */
    carrierRef: text('carrier_ref').notNull(),
    createdAt: text('created_at').notNull().default(now),
    cancelledAt: text('cancelled_at'),
  },
  (t) => [index('pickups_user').on(t.userId, t.status, t.date), index('pickups_place').on(t.placeId, t.status)],
);
