import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { pickLanguage } from '../services/countries';
import { getHeaderBar } from '../services/header-bar';

export const headerBar = new Hono<OriginEnv>().get('/detail', async (c) => {
  const territory = c.req.header('x-territory') === 'sk' ? 'sk' : 'cz';
  const language = pickLanguage(c.req.header('language'), c.req.header('accept-language'));
  c.header('vary', 'x-territory, language, accept-language');
  return c.json({ data: await getHeaderBar(c.env.DB, territory, language) });
});
