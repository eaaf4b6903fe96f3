import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { clientOverviewWithYears } from '../services/archive/years/lists';
import { parseTerritory } from '../services/quote-request';

/** GET v1/client/overview: the client section's overview (prehled) of the signed-in user (its latest orders with the closed years': services/archive/years/lists.ts) */
export const clientOverviewApi = new Hono<OriginEnv>().get('/overview', async (c) => c.json({ data: await clientOverviewWithYears(c.env, await requireUser(c), parseTerritory(c.req.header('x-territory'))) }));
