import type { ContentLanguage } from '../../../lib/language';
import type { LoginRequest, RegisterOutput } from '../../../lib/schemas/account';
import { phoneE164 } from '../../../lib/schemas/account';
import { insertUserWithKey, updateUser, userByEmail, userById, revokeOtherKeys, type UserRow } from '../../db/repositories/users';
import type { OriginBindings } from '../../env';
import { newSecret } from '../../identity/keys';
import { isLocalDev } from '../../env';
import { hashPassword, isCommonPassword, UNUSABLE_HASH, verifyPassword } from '../../identity/passwords';
import { sendMail } from '../../mail/send';
import { accountDisabled, badCredentials, fieldError, tokenInvalid } from './errors';
import { deviceAttemptKey, deviceCookieAfterSignIn, deviceOf, readDeviceTokens } from './devices';
import { assertMayTry, recordAttempt } from './limits';
import { linkTo, siteUrl, territoryOfLanguage } from './links';
import { issueApiKey } from './sessions';
import { consumeToken, issueOneTimeToken } from './tokens';

/**
 * Accounts: registration, password sign-in, one-time links, passwords. Each sign-in answers
 * the user and a new API key (the edge turns it into the cookie). `defer` keeps work alive
 * after the answer (e-mails), so an answer never waits on mail and never tells by its
 * timing whether an address has an account.
 */
export type Defer = (work: Promise<unknown>, what: string) => void;
export type Language = ContentLanguage;
export type SignedIn = { user: UserRow; apiKey: string; /** the new device cookie value (password sign-in) */ device?: string };

/** the demo accounts the README names: seeded for local development, never signed in to elsewhere */
export const DEMO_EMAILS: ReadonlySet<string> = new Set(['demo@zasilkovac.test', 'firma@zasilkovac.test']);
const isRefusedDemo = (env: OriginBindings, email: string) => !isLocalDev(env) && DEMO_EMAILS.has(email.toLowerCase());

const pepperOf = (env: OriginBindings) => {
  if (!env.PASSWORD_PEPPER) throw new Error('PASSWORD_PEPPER is not configured');
  return env.PASSWORD_PEPPER;
};

const nameOf = (user: Pick<UserRow, 'firstname' | 'company' | 'email'>) => user.firstname || user.company || user.email;

/** refused with its own code before any hashing: too common, or the e-mail itself */
async function assertUsablePassword(password: string, email: string) {
  if (password.toLowerCase() === email.toLowerCase()) throw fieldError('password', 'PASSWORD_EQUALS_EMAIL');
  if (await isCommonPassword(password)) throw fieldError('password', 'PASSWORD_TOO_COMMON');
}

/**
 * Registration answers alike whether or not the address has an account (no enumeration):
 * a new address gets the account (signed in) and the welcome e-mail; a taken one gets
 * nothing here, and its owner an e-mail saying someone tried to register with it.
 */
export async function register(env: OriginBindings, input: RegisterOutput, defer: Defer): Promise<SignedIn | null> {
  await assertUsablePassword(input.password, input.email);
  const existing = await userByEmail(env.DB, input.email);
  if (existing) {
    defer(tellOwnerOfRegistration(env, existing), 'registration of a taken address');
    // the same PBKDF2 as a new account's, so the answer takes as long
    await hashPassword(input.password, pepperOf(env));
    return null;
  }
  const business = input.segment === 'B';
  const { secret, hash } = await newSecret();
  let user: UserRow;
  try {
    user = await insertUserWithKey(
      env.DB,
      {
        email: input.email,
        passwordHash: await hashPassword(input.password, pepperOf(env)),
        firstname: input.firstname,
        surname: input.surname,
        phone: phoneE164(input.phone),
        segment: input.segment,
        language: input.language,
        ...(business
          ? { company: input.company, ico: input.ico, dic: input.dic || null, icDph: input.ic_dph || null, street: input.street, city: input.city, zip: input.zip, country: input.country }
          : {}),
      },
      { keyHash: hash, method: 'register' },
    );
  } catch (error) {
    // two registrations of one address at once: the unique index decides
    if (String(error).includes('UNIQUE')) return null;
    throw error;
  }
  defer(sendConfirmation(env, user), 'welcome e-mail');
  return { user, apiKey: secret };
}

/** someone registered with an address that has an account: its owner hears of it, with the way to sign in */
async function tellOwnerOfRegistration(env: OriginBindings, user: UserRow) {
  if (user.blockedAt) return;
  return sendMail(env, { to: user.email, template: 'register_existing', language: user.language, name: nameOf(user), link: siteUrl(env, linkTo.login(user.language), territoryOfLanguage(user.language)) });
}

/** the welcome e-mail with the link that confirms the address */
async function sendConfirmation(env: OriginBindings, user: UserRow) {
  const token = await issueOneTimeToken(env.DB, user.id, 'email_confirm');
  return sendMail(env, { to: user.email, template: 'welcome', language: user.language, name: nameOf(user), link: siteUrl(env, linkTo.confirmEmail(user.language, token), territoryOfLanguage(user.language)) });
}

/**
 * Password sign-in. An unknown e-mail and a wrong password answer alike and cost the same
 * PBKDF2; a blocked account says so only to someone who knows its password. A browser with
 * the account's device cookie (`deviceCookie`) is not held by the account's lock: its
 * failures count under its own key. A deployed build refuses the demo accounts.
 */
export async function signInWithPassword(env: OriginBindings, input: LoginRequest, address: string, deviceCookie: string | null = null, now = new Date()): Promise<SignedIn> {
  const user = await userByEmail(env.DB, input.email);
  const devices = await readDeviceTokens(deviceCookie, pepperOf(env));
  const device = user ? deviceOf(devices, user.id) : null;
  const attemptKey = device ? deviceAttemptKey(device) : input.email;
  await assertMayTry(env.DB, attemptKey, address, now);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? UNUSABLE_HASH, pepperOf(env));
  if (!user || !user.passwordHash || !matches || isRefusedDemo(env, user.email)) {
    await recordAttempt(env.DB, attemptKey, address, false);
    throw badCredentials();
  }
  await recordAttempt(env.DB, attemptKey, address, true);
  if (user.blockedAt) throw accountDisabled();
  return { user, apiKey: await issueApiKey(env.DB, user.id, 'password'), device: await deviceCookieAfterSignIn(devices, user.id, pepperOf(env)) };
}

/** a password that matches the user's own, counted against the sign-in limits (social linking, password change) */
export async function confirmPassword(env: OriginBindings, user: UserRow, password: string, address: string, now = new Date()): Promise<boolean> {
  await assertMayTry(env.DB, user.email, address, now);
  const ok = user.passwordHash !== null && (await verifyPassword(password, user.passwordHash, pepperOf(env)));
  await recordAttempt(env.DB, user.email, address, ok);
  return ok;
}

/** e-mails a one-time sign-in link (15 minutes) when the address has an account; answers the same either way */
export async function requestLoginLink(env: OriginBindings, email: string, language: Language | undefined, defer: Defer): Promise<void> {
  defer(
    (async () => {
      const user = await userByEmail(env.DB, email);
      if (!user || user.blockedAt) return;
      const token = await issueOneTimeToken(env.DB, user.id, 'login');
      const lang = language ?? user.language;
      await sendMail(env, { to: user.email, template: 'login_link', language: lang, name: nameOf(user), link: siteUrl(env, linkTo.loginToken(lang, token), territoryOfLanguage(lang)) });
    })(),
    'login link',
  );
}

/** signs in with a one-time login token (the e-mailed link, clientAuthToken) */
export async function signInWithToken(env: OriginBindings, token: string, field = 'token'): Promise<SignedIn> {
  const userId = await consumeToken(env.DB, token, 'login');
  const user = userId === null ? undefined : await userById(env.DB, userId);
  if (!user || isRefusedDemo(env, user.email)) throw tokenInvalid(field);
  if (user.blockedAt) throw accountDisabled();
  return { user, apiKey: await issueApiKey(env.DB, user.id, 'token') };
}

/** e-mails a password-reset link (1 hour) when the address has an account; answers the same either way */
export async function requestPasswordReset(env: OriginBindings, email: string, language: Language | undefined, defer: Defer): Promise<void> {
  defer(
    (async () => {
      const user = await userByEmail(env.DB, email);
      if (!user || user.blockedAt) return;
      const token = await issueOneTimeToken(env.DB, user.id, 'password_reset');
      const lang = language ?? user.language;
      await sendMail(env, { to: user.email, template: 'password_reset', language: lang, name: nameOf(user), link: siteUrl(env, linkTo.setPassword(lang, token), territoryOfLanguage(lang)) });
    })(),
    'password reset',
  );
}

/**
 * A new password from a reset link: the link proves the address, so it is confirmed too;
 * every other session ends, and this one begins.
 */
export async function setPasswordWithToken(env: OriginBindings, token: string, password: string): Promise<SignedIn> {
  const userId = await consumeToken(env.DB, token, 'password_reset');
  const user = userId === null ? undefined : await userById(env.DB, userId);
  if (!user || isRefusedDemo(env, user.email)) throw tokenInvalid();
  if (user.blockedAt) throw accountDisabled();
  await assertUsablePassword(password, user.email);
  const now = new Date().toISOString();
  const updated = await updateUser(env.DB, user.id, { passwordHash: await hashPassword(password, pepperOf(env)), emailConfirmedAt: user.emailConfirmedAt ?? now });
  await revokeOtherKeys(env.DB, user.id, null, now);
  return { user: updated ?? user, apiKey: await issueApiKey(env.DB, user.id, 'password_set') };
}

/** a signed-in user's new password; the original proves it is them; their other sessions end */
export async function changePassword(env: OriginBindings, user: UserRow, keyHash: string, input: { original: string; password: string }, address: string): Promise<void> {
  if (!(await confirmPassword(env, user, input.original, address))) throw fieldError('original', 'BAD_ORIGINAL_PASSWORD');
  await assertUsablePassword(input.password, user.email);
  await updateUser(env.DB, user.id, { passwordHash: await hashPassword(input.password, pepperOf(env)) });
  await revokeOtherKeys(env.DB, user.id, keyHash, new Date().toISOString());
}

export async function confirmEmail(env: OriginBindings, token: string): Promise<void> {
  const userId = await consumeToken(env.DB, token, 'email_confirm');
  if (userId === null) throw tokenInvalid();
  await updateUser(env.DB, userId, { emailConfirmedAt: new Date().toISOString() });
}
