import { Hono } from 'hono';
import { RgeocodeQuerySchema, SuggestQuerySchema } from '../../lib/schemas/shipping-data';
import type { OriginEnv } from '../env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { mapsProvider, type MapsEnv } from '../maps/provider';

const provider = (env: OriginEnv['Bindings']) => mapsProvider(env as MapsEnv);

export const maps = new Hono<OriginEnv>()
  .get('/suggest', async (c) => {
    const params = readQuery(c, SuggestQuerySchema);
    return c.json({ data: await provider(c.env).suggest(params) });
  })
  .get('/rgeocode', async (c) => {
    const { lon, lat } = readQuery(c, RgeocodeQuerySchema);
    const place = await provider(c.env).rgeocode(lon, lat);
    if (!place) throw notFound(`No place known near ${lat},${lon}`);
    return c.json({ data: place });
  });
