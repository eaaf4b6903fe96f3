import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { notFound } from '../http/errors';
import { getBenefitStats } from '../services/benefit-stats';

export const benefitStats = new Hono<OriginEnv>().get('/info', async (c) => {
  const stats = await getBenefitStats(c.env.DB);
  if (!stats) throw notFound('No benefit stats');
  return c.json({ data: stats });
});
