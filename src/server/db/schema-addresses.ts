// The addresses area's tables of the client section (Step 7); re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { flag, now } from './columns';
import { users } from './schema';

/**
 * The address book (spec §3 Address, issue 12): a user's saved senders and recipients.
 * Text fields are stored trimmed and '' when empty; the phone as E.164 with its national
 * part beside it. `search` is the searchable text (lower case, no diacritics) and
 * `fingerprint` what makes two addresses the same one (saving from an order adds it once).
 */
export const addresses = sqliteTable(
  'addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    surname: text('surname').notNull().default(''),
    /** E.164 */
    phone: text('phone').notNull(),
    /** the national number alone ('' when the prefix is not known) */
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    /** CZ and SK without the space */
    zip: text('zip').notNull(),
    /** ISO 3166 alpha-2, lower case */
    country: text('country').notNull(),
    /** IČO */
    tin: text('tin').notNull().default(''),
    /** DIČ / IČ DPH */
    vatin: text('vatin').notNull().default(''),
    addressType: text('address_type', { enum: ['all', 'parcel-point'] }).notNull().default('all'),
    isDefaultSender: flag('is_default_sender').notNull().default(false),
    search: text('search').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    // the book's order (default sender first, then by name): its pages are walked on this index alone
    index('addresses_user_listed').on(t.userId, sql`${t.isDefaultSender} DESC`, t.search),
    index('addresses_user_fingerprint').on(t.userId, t.fingerprint),
    // at most one default sender per user
    uniqueIndex('addresses_default_sender').on(t.userId).where(sql`${t.isDefaultSender} = 1`),
  ],
);
