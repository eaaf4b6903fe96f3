import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CompanyUpdateSchema,
  ConfirmEmailSchema,
  DefaultPackageSchema,
  EmailOnlySchema,
  LoginRequestSchema,
  ObtainApiTokenSchema,
  PasswordChangeSchema,
  PasswordSetSchema,
  phoneE164,
  ProfileUpdateSchema,
  RegisterSchema,
  SocialLoginSchema,
} from '../../lib/schemas/account';
import { object } from '../../lib/schemas/object';
import { CodAccountSchema } from '../../lib/schemas/services';
import { updateUser } from '../db/repositories/users';
import type { OriginEnv } from '../env';
import { requireUser, sessionOf } from '../http/auth';
import { inBackground } from '../http/background';
import { readJson, readQuery } from '../http/validate';
import {
  changePassword,
  confirmEmail,
  register,
  requestLoginLink,
  requestPasswordReset,
  setPasswordWithToken,
  signInWithPassword,
  signInWithToken,
  type Defer,
  type SignedIn,
} from '../services/accounts/account';
import { basicProfileOf, profileOf } from '../services/accounts/profile';
import { saveDefaultCodAccount, saveSettings } from '../services/accounts/settings';
import { revokeKey } from '../services/accounts/sessions';
import { assertSocialConfigured, signInSocially } from '../services/accounts/social';
import { DEVICE_HEADER } from '../services/accounts/devices';
import type { SocialProviderId } from '../identity/social/types';

/** the client's address, for the sign-in limits (the platform sets it; the edge forwards it) */
export const clientAddress = (c: Context) => c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'unknown';
export const deferIn = (c: Context): Defer => (work, what) => inBackground(c, work, what);

/**
 * every sign-in answers `data.api_key`; the edge turns it into the cookie and removes it from
 * the body (and `data.device_token`, a password sign-in's device cookie, likewise)
 */
const signedIn = (c: Context, { user, apiKey, device }: SignedIn) =>
  c.json({ data: { profile: basicProfileOf(user), api_key: apiKey, ...(device ? { device_token: device } : {}) } });

const social = (id: SocialProviderId) => async (c: Context<OriginEnv>) => {
  assertSocialConfigured(c.env, id);
  return signedIn(c, await signInSocially(c.env, id, await readJson(c, SocialLoginSchema), clientAddress(c)));
};

const ProfileQuerySchema = object({ basic: v.optional(v.picklist(['0', '1', 'true', 'false'])) });

/** v1/user: accounts (spec §7 and issue 9) */
export const user = new Hono<OriginEnv>()
  // a taken address answers as a new one (its owner is e-mailed): the body never tells them apart
  .post('/register', async (c) => {
    const done = await register(c.env, await readJson(c, RegisterSchema), deferIn(c));
    return c.json({ data: { registered: true, ...(done ? { api_key: done.apiKey } : {}) } });
  })
  .post('/login', async (c) =>
    signedIn(c, await signInWithPassword(c.env, await readJson(c, LoginRequestSchema), clientAddress(c), c.req.header(DEVICE_HEADER) ?? null)),
  )
  .post('/logout', async (c) => {
    const session = await sessionOf(c);
    if (session) await revokeKey(c.env.DB, session.keyHash);
    return c.json({ data: { ok: true } });
  })
  .get('/profile', async (c) => {
    const me = await requireUser(c);
    const { basic } = readQuery(c, ProfileQuerySchema);
    return c.json({ data: basic === '1' || basic === 'true' ? basicProfileOf(me) : await profileOf(c.env.DB, me) });
  })
  .post('/profile', async (c) => {
    const me = await requireUser(c);
    const changes = await readJson(c, ProfileUpdateSchema);
    const updated = await updateUser(c.env.DB, me.id, {
      firstname: changes.firstname,
      surname: changes.surname,
      phone: changes.phone === undefined ? undefined : phoneE164(changes.phone),
      language: changes.language,
      eori: changes.eori === undefined ? undefined : changes.eori || null,
      clientSectionPreferNew: changes.client_section_preference_new_client_section,
    });
    return c.json({ data: await profileOf(c.env.DB, updated ?? me) });
  })
  .post('/company', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, CompanyUpdateSchema);
    const clear = input.company === '';
    const updated = await updateUser(c.env.DB, me.id, {
      company: clear ? null : input.company,
      ico: clear ? null : input.ico || null,
      dic: clear ? null : input.dic || null,
      icDph: clear ? null : input.ic_dph || null,
      street: input.street || null,
      city: input.city || null,
      zip: input.zip || null,
      country: input.country,
    });
    return c.json({ data: await profileOf(c.env.DB, updated ?? me) });
  })
  .post('/default-package', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, v.nullable(DefaultPackageSchema));
    await saveSettings(c.env.DB, me, { defaultPackage: input ? JSON.stringify(input) : null });
    return c.json({ data: await profileOf(c.env.DB, me) });
  })
  .post('/default-cod-account', async (c) => {
    const me = await requireUser(c);
    const updated = await saveDefaultCodAccount(c.env.DB, me, await readJson(c, v.nullable(CodAccountSchema)));
    return c.json({ data: await profileOf(c.env.DB, updated) });
  })
  .post('/login-link', async (c) => {
    const { email, language } = await readJson(c, EmailOnlySchema);
    await requestLoginLink(c.env, email, language, deferIn(c));
    return c.json({ data: { sent: true } });
  })
  .post('/obtain-api-token', async (c) => signedIn(c, await signInWithToken(c.env, (await readJson(c, ObtainApiTokenSchema)).auth_token, 'auth_token')))
  .post('/googlelogin', social('google'))
  .post('/fblogin', social('facebook'))
  .post('/password/forgotten', async (c) => {
    const { email, language } = await readJson(c, EmailOnlySchema);
    await requestPasswordReset(c.env, email, language, deferIn(c));
    return c.json({ data: { sent: true } });
  })
  .post('/password/set', async (c) => {
    const { token, password } = await readJson(c, PasswordSetSchema);
    return signedIn(c, await setPasswordWithToken(c.env, token, password));
  })
  .post('/password/change', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, PasswordChangeSchema);
    await changePassword(c.env, me, (await sessionOf(c))!.keyHash, input, clientAddress(c));
    return c.json({ data: { ok: true } });
  })
  .post('/email/confirm', async (c) => {
    await confirmEmail(c.env, (await readJson(c, ConfirmEmailSchema)).token);
    return c.json({ data: { email_confirmed: true } });
  });
