import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { clientOverview } from '../services/client-overview';
import { parseTerritory } from '../services/quote-request';

/** GET v1/client/overview: the client section's overview (prehled) of the signed-in user */
export const clientOverviewApi = new Hono<OriginEnv>().get('/overview', async (c) => c.json({ data: await clientOverview(c.env.DB, await requireUser(c), parseTerritory(c.req.header('x-territory'))) }));
