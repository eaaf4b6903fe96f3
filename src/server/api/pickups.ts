import { Hono } from 'hono';
import { PickupDatesQuerySchema, TimeWindowsSchema } from '../../lib/schemas/shipping-data';
import type { OriginEnv } from '../env';
import { readJson, readQuery } from '../http/validate';
import { carrierByCode } from '../carriers';
import { carrierCutoff, pickupDates } from '../services/pickups';
import { timeWindows } from '../services/time-windows';

/** v1/pickups: GET /dates?country=cz[&carrier=dpd] → { data: ['yyyy-MM-dd', …] } (the next 10 pickup dates; a carrier's own cutoff) */
export const pickups = new Hono<OriginEnv>().get('/dates', (c) => {
  const { country, carrier } = readQuery(c, PickupDatesQuerySchema);
  const sheet = carrier ? carrierByCode(carrier)?.sheet : undefined;
  return c.json({ data: pickupDates(country, new Date(), undefined, sheet ? carrierCutoff(sheet) : undefined) });
});

/** v2/carrier: POST /time-windows { date | null, carrier, country? } → { data: { date, windows: [{ from, to }] } } */
export const carrierTimeWindows = new Hono<OriginEnv>().post('/time-windows', async (c) => {
  const request = await readJson(c, TimeWindowsSchema);
  return c.json({ data: timeWindows(request) });
});
