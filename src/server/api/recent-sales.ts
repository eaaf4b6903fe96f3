import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { recentSales } from '../services/recent-sales';

/**
 * GET v2/recent-sales (spec §7): the latest paid shipments of all customers, anonymised. The
 * same for everyone, so browsers and shared caches may keep it for a minute.
 */
export const recentSalesApi = new Hono<OriginEnv>().get('/', async (c) => {
  c.header('cache-control', 'public, max-age=60');
  return c.json({ data: await recentSales(c.env.DB) });
});
