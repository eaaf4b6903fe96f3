import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { listCountries, pickLanguage } from '../services/countries';

export const country = new Hono<OriginEnv>().get('/all', async (c) => {
  const language = pickLanguage(c.req.header('language'), c.req.header('accept-language'));
  c.header('vary', 'language, accept-language');
  return c.json({ data: await listCountries(c.env.DB, language) });
});
