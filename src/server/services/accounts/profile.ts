import type { BasicProfile, UserProfile } from '../../../lib/types/user';
import { eq } from 'drizzle-orm';
import { database } from '../../db/client';
import { settingsOf, socialProvidersOf, type UserRow } from '../../db/repositories/users';
import { users } from '../../db/schema';
import { defaultSenderOf } from '../addresses/book';
import { placesOf } from '../business/pickup-places';

/** the user's shipments, from the counter the shipments table's triggers keep (migration user_shipments_count): one row by key,
 *  read fresh rather than from the request's user row, which session memory may have remembered from before an order */
const shipmentCount = async (d1: D1Database, userId: number) =>
  (await database(d1).select({ n: users.shipmentsCount }).from(users).where(eq(users.id, userId)).get())?.n ?? 0;

/** the setting that turns off the tracking e-mails to the recipients of a user's parcels */
export const RECIPIENT_TRACKING_SETTING = 'notifications.recipientTracking';

/** spec §3 User profile of a user row (stats and saved addresses arrive with orders, Step 5+) */
export async function profileOf(db: D1Database, user: UserRow): Promise<UserProfile> {
  const [socialRows, settings, places, shipmentsTotal, defaultSender] = await Promise.all([
    socialProvidersOf(db, user.id),
    settingsOf(db, user.id),
    user.hasContract ? placesOf(db, user) : Promise.resolve([]),
    shipmentCount(db, user.id),
    defaultSenderOf(db, user.id),
  ]);
  const social = new Set(socialRows.map((s) => s.provider));
  const setting = (key: string) => {
    const row = settings.find((s) => s.key === key);
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  };
  const defaultPackage = setting('defaultPackage');
  return {
    ...basicProfileOf(user),
    email_confirmed: user.emailConfirmedAt !== null,
    phone: user.phone,
    ico: user.ico,
    dic: user.dic,
    eori: user.eori,
    ic_dph: user.icDph,
    street: user.street,
    city: user.city,
    zip: user.zip,
    country: user.country,
    notifications: { recipient_tracking: setting(RECIPIENT_TRACKING_SETTING) !== false },
    language: user.language,
    pickup_places: places.map((p) => ({ id: p.id, name: p.name, street: p.street, city: p.city, zip: p.zip, country: p.country })),
    from_address: defaultSender,
    to_address: null,
    default_package: typeof defaultPackage === 'string' ? (JSON.parse(defaultPackage) as UserProfile['default_package']) : null,
    default_cod_account: user.codAccountNumber ? { account_number: user.codAccountNumber, bank_code: user.codBankCode ?? '' } : null,
    stats: { shipments_total: shipmentsTotal },
    sign_in: { password: user.passwordHash !== null, google: social.has('google'), facebook: social.has('facebook') },
  };
}

export function basicProfileOf(user: UserRow): BasicProfile {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    surname: user.surname,
    company: user.company,
    avatar: user.avatar,
    segment: user.segment,
    user_segment: user.segment,
    price_type: user.priceType,
    has_contract: user.hasContract,
    is_admin: user.isAdmin,
    // the client section's layout and the §2.8 redirects need these on every client page
    client_section_force_new_client_section: user.clientSectionForceNew,
    client_section_preference_new_client_section: user.clientSectionPreferNew,
  };
}
