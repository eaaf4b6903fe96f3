import { Hono } from 'hono';
import { CompanyLookupQuerySchema, SettingsSchema, TokenLoginSchema, TutorialUpdateSchema } from '../../lib/schemas/account';
import { lookupCompany } from '../company/lookup';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { SOCIAL_PROVIDERS } from '../identity/social/types';
import { socialProvider } from '../identity/social/providers';
import { signInWithToken } from '../services/accounts/account';
import { basicProfileOf } from '../services/accounts/profile';
import { commonSettings, saveSettings, tutorial, updateTutorial } from '../services/accounts/settings';

/** v2/auth: POST /token-login { token } → { data: { profile, apiKey } } (the edge keeps the key) */
export const auth = new Hono<OriginEnv>().post('/token-login', async (c) => {
  const { user, apiKey } = await signInWithToken(c.env, (await readJson(c, TokenLoginSchema)).token);
  return c.json({ data: { profile: basicProfileOf(user), apiKey } });
});

/** v1/auth: GET /providers, how each social button signs in (live, sandbox or unavailable) */
export const authProviders = new Hono<OriginEnv>().get('/providers', (c) =>
  c.json({
    data: Object.fromEntries(
      SOCIAL_PROVIDERS.map((id) => {
        const p = socialProvider(c.env, id);
        return [id, { mode: p.mode, clientId: p.clientId, authorizeUrl: p.authorizeUrl }];
      }),
    ),
  }),
);

/** v2/user: common settings and tutorial tasks of the signed-in user */
export const userV2 = new Hono<OriginEnv>()
  .get('/settings/list-common', async (c) => c.json({ data: await commonSettings(c.env.DB, await requireUser(c)) }))
  .get('/tutorial/list', async (c) => c.json({ data: await tutorial(c.env.DB, await requireUser(c)) }))
  .patch('/tutorial/update', async (c) => {
    const me = await requireUser(c);
    const { code, value } = await readJson(c, TutorialUpdateSchema);
    return c.json({ data: await updateTutorial(c.env.DB, me, code, value) });
  });

/** v1/app/settings: POST { key: value, … } stores the signed-in user's settings */
export const appSettings = new Hono<OriginEnv>().post('/settings', async (c) => {
  const me = await requireUser(c);
  return c.json({ data: await saveSettings(c.env.DB, me, await readJson(c, SettingsSchema)) });
});

/** v1/company: GET /lookup?ico= fills a business registration from the register (or its sample) */
export const company = new Hono<OriginEnv>().get('/lookup', async (c) => {
  const { ico } = readQuery(c, CompanyLookupQuerySchema);
  const found = await lookupCompany(c.env, ico);
  if (!found) throw notFound(`No company with IČO ${ico}`);
  return c.json({ data: found });
});
