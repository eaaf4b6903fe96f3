import { Hono } from 'hono';
import type { OriginEnv } from '../env';

/** POST v1/affil/redirect (spec §7): the code of a redirect to an affiliate carrier's own site (128 random bits) */
export const affilApi = new Hono<OriginEnv>().post('/redirect', (c) => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return c.json({ data: { code: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('') } });
});
