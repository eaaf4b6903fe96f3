import * as v from 'valibot';
import { dicMatchesIcDph, dicMatchesIco, isValidDicCz, isValidDicSk, isValidEmail, isValidIcDphSk, isValidIco } from '../validators';
import { text } from './fields';
import { object } from './object';

/**
 * Request schemas of the account calls (spec §7 user/auth/settings/tutorial, Step 4). The
 * forms validate with the same schemas; issue messages are translation ids, except the
 * password codes the spec names (§5), which the client shows as `validation.<CODE>`.
 */

export const PASSWORD_MIN_LENGTH = 4;
/** no limit of the spec, but PBKDF2 over megabytes is work an attacker chooses */
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_CODES = [
  'PASSWORD_MUST_BE_AT_LEAST_4_CHARACTERS_LENGTH',
  'PASSWORD_DOES_NOT_MATCH',
  'BAD_ORIGINAL_PASSWORD',
  'PASSWORD_EQUALS_EMAIL',
  'PASSWORD_TOO_COMMON',
] as const;
export type PasswordCode = (typeof PASSWORD_CODES)[number];

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** e-mail: trimmed, lower-cased, required and valid */
export const EmailSchema = v.pipe(
  text(true),
  v.toLowerCase(),
  v.maxLength(254, 'validation.too_long'),
  v.check((value) => value === '' || isValidEmail(value), 'validation.email'),
);

/** a new password, trimmed like the password at sign-in (spec §5 trims the login inputs) */
const newPassword = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(1, 'validation.required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'PASSWORD_MUST_BE_AT_LEAST_4_CHARACTERS_LENGTH'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.too_long'),
);

/** a phone number as typed, '+420 777 123 456'; the origin stores it as E.164 */
export const PhoneTextSchema = v.pipe(
  text(true),
  v.check((value) => value === '' || phoneE164(value) !== null, 'validation.phone'),
);

/** E.164 of a typed number: +420/+421 with 9 digits, other prefixes 6-14 digits; a bare 9-digit number is Czech */
export function phoneE164(value: string): string | null {
  const digits = value.replace(/[\s\u00A0().\/-]/g, '');
  const bare = /^\d{9}$/.exec(digits);
  if (bare) return `+420${digits}`;
  const czsk = /^(?:\+|00)(42[01])0?(\d{9})$/.exec(digits);
  if (czsk) return `+${czsk[1]}${czsk[2]}`;
  if (/^(?:\+|00)42[01]/.test(digits)) return null;
  const other = /^(?:\+|00)([1-9]\d{7,14})$/.exec(digits);
  return other ? `+${other[1]}` : null;
}

const BUSINESS_COUNTRIES = ['cz', 'sk'] as const;

const optionalText = (max: number) => v.optional(v.pipe(text(false), v.maxLength(max, 'validation.too_long')), '');

/**
 * POST v1/user/register. Personal (A) or business (B); B adds the company with its IČO
 * (and DIČ / IČ DPH when it has them) and its address. Unknown keys are dropped.
 */
export const RegisterSchema = v.pipe(
  object(
    {
      segment: v.picklist(['A', 'B'], 'validation.segment'),
      email: EmailSchema,
      password: newPassword,
      firstname: v.pipe(text(true), v.maxLength(100, 'validation.too_long')),
      surname: v.pipe(text(true), v.maxLength(100, 'validation.too_long')),
      phone: PhoneTextSchema,
      terms: v.literal(true, 'validation.terms'),
      language: v.optional(v.picklist(['cs', 'sk', 'en'], 'validation.language'), 'cs'),
      company: optionalText(200),
      ico: v.optional(v.pipe(text(false), v.transform((ico) => ico.replace(/\s/g, ''))), ''),
      dic: v.optional(v.pipe(text(false), v.transform((dic) => dic.replace(/\s/g, '').toUpperCase())), ''),
      ic_dph: v.optional(v.pipe(text(false), v.transform((id) => id.replace(/\s/g, '').toUpperCase())), ''),
      street: optionalText(200),
      city: optionalText(100),
      zip: v.optional(v.pipe(text(false), v.transform((zip) => zip.replace(/\s/g, ''))), ''),
      country: v.optional(v.pipe(text(false), v.toLowerCase()), ''),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck([['password'], ['email']], (input) => input.password.toLowerCase() !== input.email.toLowerCase(), 'PASSWORD_EQUALS_EMAIL'),
    ['password'],
  ),
  // a business names its company and where it is
  v.forward(v.partialCheck([['segment'], ['company']], (input) => input.segment !== 'B' || input.company !== '', 'validation.required'), ['company']),
  v.forward(v.partialCheck([['segment'], ['ico']], (input) => input.segment !== 'B' || input.ico !== '', 'validation.required'), ['ico']),
  v.forward(v.partialCheck([['segment'], ['street']], (input) => input.segment !== 'B' || input.street !== '', 'validation.required'), ['street']),
  v.forward(v.partialCheck([['segment'], ['city']], (input) => input.segment !== 'B' || input.city !== '', 'validation.required'), ['city']),
  v.forward(v.partialCheck([['segment'], ['zip']], (input) => input.segment !== 'B' || input.zip !== '', 'validation.required'), ['zip']),
  v.forward(v.partialCheck([['segment'], ['country']], (input) => input.segment !== 'B' || input.country !== '', 'validation.required'), ['country']),
  v.forward(
    v.partialCheck([['segment'], ['country']], (input) => input.segment !== 'B' || input.country === '' || (BUSINESS_COUNTRIES as readonly string[]).includes(input.country), 'validation.business_country'),
    ['country'],
  ),
  v.forward(v.partialCheck([['segment'], ['ico']], (input) => input.segment !== 'B' || input.ico === '' || isValidIco(input.ico), 'validation.tin'), ['ico']),
  v.forward(
    v.partialCheck([['segment'], ['dic'], ['country']], (input) => input.segment !== 'B' || input.dic === '' || isValidDic(input.dic, input.country), 'validation.dic'),
    ['dic'],
  ),
  v.forward(
    v.partialCheck([['segment'], ['ic_dph'], ['country']], (input) => input.segment !== 'B' || input.ic_dph === '' || (input.country === 'sk' && isValidIcDphSk(input.ic_dph)), 'validation.vatin'),
    ['ic_dph'],
  ),
  v.forward(v.partialCheck([['segment'], ['dic'], ['ico'], ['country']], (input) => input.segment !== 'B' || input.country !== 'cz' || !isValidIco(input.ico) || dicMatchesIco(input.dic, input.ico), 'validation.dic_ico'), ['dic']),
  v.forward(v.partialCheck([['segment'], ['dic'], ['ic_dph'], ['country']], (input) => input.segment !== 'B' || input.country !== 'sk' || dicMatchesIcDph(input.dic, input.ic_dph), 'validation.dic_ic_dph'), ['ic_dph']),
  v.forward(
    v.partialCheck([['segment'], ['zip'], ['country']], (input) => input.segment !== 'B' || input.zip === '' || /^\d{5}$/.test(input.zip), 'validation.zip'),
    ['zip'],
  ),
);
export type RegisterInput = v.InferInput<typeof RegisterSchema>;
export type RegisterOutput = v.InferOutput<typeof RegisterSchema>;

/** DIČ: CZ + IČO or birth number; in Slovakia the 10-digit tax number (no prefix) */
export function isValidDic(dic: string, country: string): boolean {
  if (country === 'sk') return isValidDicSk(dic);
  return isValidDicCz(dic);
}

export const LoginRequestSchema = object({ email: EmailSchema, password: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(PASSWORD_MAX_LENGTH, 'validation.too_long')) }, objectMessage);
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** POST v1/user/password/forgotten and POST v1/user/login-link */
export const EmailOnlySchema = object({ email: EmailSchema, language: v.optional(v.picklist(['cs', 'sk', 'en'], 'validation.language')) }, objectMessage);

const tokenText = v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(200, 'validation.too_long'));

/** POST v1/user/password/set: a reset (or first) password from the e-mailed token */
export const PasswordSetSchema = v.pipe(
  object({ token: tokenText, password: newPassword, confirmation: v.pipe(v.string('validation.required'), v.trim()) }, objectMessage),
  v.forward(v.partialCheck([['password'], ['confirmation']], (input) => input.password === input.confirmation, 'PASSWORD_DOES_NOT_MATCH'), ['confirmation']),
);

/** POST v1/user/password/change: signed in, the original password proves it is the owner */
export const PasswordChangeSchema = v.pipe(
  object({ original: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(PASSWORD_MAX_LENGTH, 'validation.too_long')), password: newPassword, confirmation: v.pipe(v.string('validation.required'), v.trim()) }, objectMessage),
  v.forward(v.partialCheck([['password'], ['confirmation']], (input) => input.password === input.confirmation, 'PASSWORD_DOES_NOT_MATCH'), ['confirmation']),
);

/** POST v2/auth/token-login { token } and POST v1/user/obtain-api-token { auth_token } */
export const TokenLoginSchema = object({ token: tokenText }, objectMessage);
export const ObtainApiTokenSchema = object({ auth_token: tokenText }, objectMessage);

/** POST v1/user/googlelogin and v1/user/fblogin; `password` links a social identity to an existing password account */
export const SocialLoginSchema = object(
  {
    accessToken: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required'), v.maxLength(8192, 'validation.too_long')),
    password: v.optional(v.pipe(v.string('validation.required'), v.maxLength(PASSWORD_MAX_LENGTH, 'validation.too_long'))),
  },
  objectMessage,
);

/** POST v1/user/email/confirm */
export const ConfirmEmailSchema = object({ token: tokenText }, objectMessage);

/** POST v1/user/profile: the fields a user changes themselves (contract, tier and segment come from the data) */
export const ProfileUpdateSchema = object(
  {
    firstname: v.optional(v.pipe(text(true), v.maxLength(100, 'validation.too_long'))),
    surname: v.optional(v.pipe(text(true), v.maxLength(100, 'validation.too_long'))),
    phone: v.optional(PhoneTextSchema),
    language: v.optional(v.picklist(['cs', 'sk', 'en'], 'validation.language')),
    eori: v.optional(v.pipe(text(false), v.transform((e) => e.replace(/\s/g, '').toUpperCase()), v.check((e) => e === '' || /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(e), 'validation.eori'))),
    client_section_preference_new_client_section: v.optional(v.boolean('validation.boolean')),
  },
  objectMessage,
);

/** settings values are small JSON scalars */
const settingValue = v.union([v.string(), v.number(), v.boolean(), v.null()], 'validation.invalid');
export const SETTING_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

const isBoolean = (value: unknown) => typeof value === 'boolean';
const KNOWN_SETTING_VALUES: readonly [string, (value: unknown) => boolean][] = [
  ['ordersViewMode', (value) => value === 'tiles' || value === 'list'],
  ['clientSectionPreferenceNewClientSection', isBoolean],
  ['notifications.recipientTracking', isBoolean],
  ['carriers.showFedexCapacityWarning', isBoolean],
  ['carriers.showGlsCapacityWarning', isBoolean],
];

/** POST v1/app/settings: { key: value } pairs, at most 20 at a time */
export const SettingsSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(SETTING_KEY, 'validation.setting_key')), v.pipe(settingValue, v.check((value) => typeof value !== 'string' || value.length <= 1000, 'validation.too_long'))),
  v.check((record) => Object.keys(record).length <= 20, 'validation.too_many'),
  // the settings the product reads have their own values (spec §3 Settings)
  v.check((record) => KNOWN_SETTING_VALUES.every(([key, ok]) => !(key in record) || ok(record[key])), 'validation.invalid'),
);

/** PATCH v2/user/tutorial/update */
export const TutorialUpdateSchema = object({ code: v.pipe(v.string('validation.required'), v.regex(/^[a-z][a-z0-9_-]{0,63}$/, 'validation.tutorial_code')), value: v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(0, 'validation.too_low'), v.maxValue(1000, 'validation.too_high')) }, objectMessage);

/** GET v1/company/lookup?ico= */
export const CompanyLookupQuerySchema = object({ ico: v.pipe(v.string('validation.required'), v.transform((ico) => ico.replace(/\s/g, '')), v.check(isValidIco, 'validation.tin')) }, objectMessage);

/**
 * POST v1/user/company: the company data of the settings page, with the registration's
 * checks (IČO checksum, DIČ per country, Slovak IČ DPH, five-digit PSČ); an empty company
 * clears it all.
 */
export const CompanyUpdateSchema = v.pipe(
  object(
    {
      company: optionalText(200),
      ico: v.optional(v.pipe(text(false), v.transform((ico) => ico.replace(/\s/g, ''))), ''),
      dic: v.optional(v.pipe(text(false), v.transform((dic) => dic.replace(/\s/g, '').toUpperCase())), ''),
      ic_dph: v.optional(v.pipe(text(false), v.transform((id) => id.replace(/\s/g, '').toUpperCase())), ''),
      street: optionalText(200),
      city: optionalText(100),
      zip: v.optional(v.pipe(text(false), v.transform((zip) => zip.replace(/\s/g, ''))), ''),
      country: v.optional(v.pipe(text(false), v.toLowerCase()), 'cz'),
    },
    objectMessage,
  ),
  v.forward(v.partialCheck([['company'], ['ico']], (input) => input.company === '' || input.ico !== '', 'validation.required'), ['ico']),
  v.forward(v.partialCheck([['ico']], (input) => input.ico === '' || isValidIco(input.ico), 'validation.tin'), ['ico']),
  v.forward(v.partialCheck([['country']], (input) => (BUSINESS_COUNTRIES as readonly string[]).includes(input.country), 'validation.business_country'), ['country']),
  v.forward(v.partialCheck([['dic'], ['country']], (input) => input.dic === '' || isValidDic(input.dic, input.country), 'validation.dic'), ['dic']),
  v.forward(v.partialCheck([['ic_dph'], ['country']], (input) => input.ic_dph === '' || (input.country === 'sk' && isValidIcDphSk(input.ic_dph)), 'validation.vatin'), ['ic_dph']),
  v.forward(v.partialCheck([['dic'], ['ico'], ['country']], (input) => input.country !== 'cz' || !isValidIco(input.ico) || dicMatchesIco(input.dic, input.ico), 'validation.dic_ico'), ['dic']),
  v.forward(v.partialCheck([['dic'], ['ic_dph'], ['country']], (input) => input.country !== 'sk' || dicMatchesIcDph(input.dic, input.ic_dph), 'validation.dic_ic_dph'), ['ic_dph']),
  v.forward(v.partialCheck([['zip']], (input) => input.zip === '' || /^\d{5}$/.test(input.zip), 'validation.zip'), ['zip']),
);

/** the default package of the settings page (spec §3 profile default_package), kept as the setting `defaultPackage` */
export const DefaultPackageSchema = object(
  {
    weight: v.pipe(v.number('validation.number'), v.minValue(0.1, 'validation.too_low'), v.maxValue(1000, 'validation.too_high')),
    width: v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(1, 'validation.too_low'), v.maxValue(400, 'validation.too_high')),
    height: v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(1, 'validation.too_low'), v.maxValue(400, 'validation.too_high')),
    length: v.pipe(v.number('validation.number'), v.integer('validation.integer'), v.minValue(1, 'validation.too_low'), v.maxValue(400, 'validation.too_high')),
  },
  objectMessage,
);
