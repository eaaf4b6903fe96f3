import type { ContentLanguage } from '../language';
/**
 * The signed-in user as the API answers GET v1/user/profile (spec §3 User profile). Pure
 * types and rules shared by the origin, the pages and the client islands.
 */

export const SEGMENTS = ['A', 'B', 'C'] as const;
/** A consumer, B business, C partner */
export type Segment = (typeof SEGMENTS)[number];

/** contract tiers shown on the user menu's tag */
export const PRICE_TYPES = ['Easy', 'Profi', 'Flexi'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** spec §3 customer tiers */
export const CUSTOMER_TIERS = { RETAIL: 1, VIP: 2, PROFI: 3, FLEXI: 4, EASY: 5, PARTNER: 6 } as const;

export type ProfileAddress = {
  company: string | null;
  firstname: string | null;
  surname: string | null;
  street: string | null;
  city: string | null;
  zip: string | null;
  country: string;
  phone: string | null;
  email: string | null;
};

export type UserProfile = {
  id: number;
  email: string;
  email_confirmed: boolean;
  firstname: string | null;
  surname: string | null;
  phone: string | null;
  company: string | null;
  ico: string | null;
  dic: string | null;
  avatar: string | null;
  segment: Segment;
  user_segment: Segment;
  price_type: PriceType | null;
  has_contract: boolean;
  is_admin: boolean;
  eori: string | null;
  /** the company's address and Slovak IČ DPH (settings page) */
  ic_dph: string | null;
  street: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
  /** notification e-mails the user can turn off (settings page) */
  notifications: { recipient_tracking: boolean };
  language: ContentLanguage;
  pickup_places: unknown[];
  from_address: ProfileAddress | null;
  to_address: ProfileAddress | null;
  default_package: { weight: number; width: number; height: number; length: number } | null;
  /** the default account of cash on delivery (an IBAN has bank_code '') */
  default_cod_account: { account_number: string; bank_code: string } | null;
  stats: { shipments_total: number };
  client_section_force_new_client_section: boolean;
  client_section_preference_new_client_section: boolean;
  /** the sign-in methods this account has: a password, and linked social providers */
  sign_in: { password: boolean; google: boolean; facebook: boolean };
};

/** GET v1/user/profile?basic=1: what the navbar needs */
export type BasicProfile = Pick<
  UserProfile,
  | 'id'
  | 'email'
  | 'firstname'
  | 'surname'
  | 'company'
  | 'avatar'
  | 'segment'
  | 'user_segment'
  | 'price_type'
  | 'has_contract'
  | 'is_admin'
  | 'client_section_force_new_client_section'
  | 'client_section_preference_new_client_section'
>;

export const DISPLAY_NAME_MAX = 25;

/** spec §3: company, else first and last name, else e-mail; spec §2.9: truncated to 25 characters */
export function displayName(p: Pick<UserProfile, 'email' | 'firstname' | 'surname' | 'company'>): string {
  const person = [p.firstname, p.surname].filter(Boolean).join(' ');
  const name = p.company || person || p.email;
  return name.length > DISPLAY_NAME_MAX ? `${name.slice(0, DISPLAY_NAME_MAX)}…` : name;
}

/** Navigation restrictions of spec §6. */
export type NavRestriction = 'userHasContract' | '!userHasContract' | 'userIsInternal';

/** whether an item carrying `restrictions` shows for this visitor (all must hold) */
export function allowedBy(restrictions: readonly NavRestriction[] | undefined, user: Pick<UserProfile, 'has_contract' | 'is_admin'> | null): boolean {
  return (restrictions ?? []).every((r) => {
    if (r === 'userHasContract') return Boolean(user?.has_contract);
    if (r === '!userHasContract') return !user?.has_contract;
    return Boolean(user?.is_admin);
  });
}
