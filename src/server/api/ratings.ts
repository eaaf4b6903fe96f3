import { Hono } from 'hono';
import { NpsSchema, ShipmentRatingQuerySchema, ShipmentRatingSchema } from '../../lib/schemas/app';
import type { OriginEnv } from '../env';
import { readJson, readQuery } from '../http/validate';
import { answerNps, npsStatus, rateShipment, shipmentRating } from '../services/shipment-ratings';

/** v1/shipments/rating: a delivered shipment's rating with its order's token (GET reads, POST rates or edits) */
export const shipmentRatingApi = new Hono<OriginEnv>()
  .get('/rating', async (c) => {
    const { token, id } = readQuery(c, ShipmentRatingQuerySchema);
    return c.json({ data: await shipmentRating(c.env, token, id) });
  })
  .post('/rating', async (c) => {
    const input = await readJson(c, ShipmentRatingSchema);
    return c.json({ data: await rateShipment(c.env, input) });
  });

/** v1/nps/:token: the satisfaction survey, answered once per token */
export const npsApi = new Hono<OriginEnv>()
  .get('/:token', async (c) => c.json({ data: await npsStatus(c.env, c.req.param('token')) }))
  .post('/:token', async (c) => c.json({ data: await answerNps(c.env, c.req.param('token'), await readJson(c, NpsSchema)) }));
