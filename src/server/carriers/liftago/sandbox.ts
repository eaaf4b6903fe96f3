import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';
import { pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxLiftagoPrices, sandboxLiftagoRides } from '../../db/schema';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { liftagoRates } from './rates';
import { deliveryRideRequest, rideQuoteRequest, type RideQuoteRequest } from './schemas';
import { LIFTAGO_SANDBOX_PARTNER, LIFTAGO_SANDBOX_TOKEN } from './sandbox-account';
export { LIFTAGO_SANDBOX_PARTNER, LIFTAGO_SANDBOX_TOKEN } from './sandbox-account';

/**
 * Liftago's Delivery API as the sandbox speaks it (local development and tests only; mounted under
 * /_sandbox/carriers/liftago): Bearer token, rides under the partner's path, {code, message}
 * errors, rides inside Prague or inside Brno, the window's quote (priced like the rate sheet
 * unless a test set another price), states that move with the window, the driver's position on
 * the way, cancel until the parcel is on board.
 */
/** a reference that makes a ride report a state outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';

const MINUTE = 60_000;
type Row = typeof sandboxLiftagoRides.$inferSelect;

const failure = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 503, code: string, message: string) => c.json({ code, message }, status);

/** Liftago's cities: Prague (postcodes 1xx xx) and Brno (6xx xx, the city's own 60x–64x) */
const cityOf = (zip: string) => (/^1\d{4}$/.test(zip) ? 'Praha' : /^6[0-4]\d{3}$/.test(zip) ? 'Brno' : null);
const CENTRES: Record<string, [number, number]> = { Praha: [50.0875, 14.4213], Brno: [49.1951, 16.6068] };

/** a UTC instant as Prague's date and HH:MM (the sandbox's price table is kept by window start) */
function pragueWindow(iso: string): string {
  const { date, time } = pragueNow(new Date(iso));
  return `${date}T${time}`;
}

/** the rate sheet's ride price (haléře): each parcel at its weight break, the peak surcharge on windows from 16:00 */
function tablePrice(body: RideQuoteRequest): number | null {
  const service = liftagoRates.services[0]!;
  const prices = service.zones.city!.prices;
  let sum = 0;
  for (const p of body.parcels) {
    const i = service.weights.findIndex((w) => p.weight <= w + 1e-9);
    if (i < 0 || prices[i] == null) return null;
    sum += Math.round(prices[i]! * 100);
  }
  const from = body.stops[0]!.arrivalTime?.from;
  const peak = from && service.timeWindows && pragueWindow(from).slice(11) >= service.timeWindows.peakFrom ? Math.round(service.timeWindows.peakSurcharge * 100) : 0;
  return sum + peak;
}

/** a ride's state now: looking for a driver, accepted 15 minutes before its window, waiting at the pickup, on board, delivered 40 minutes later */
function stateOf(row: Row, now: number): { state: string; since: number } {
  if (row.cancelledAt) return { state: 'CANCELLED', since: Date.parse(row.cancelledAt) };
  const start = row.windowFrom ? Date.parse(row.windowFrom) : Date.parse(row.createdAt) + 30 * MINUTE;
  const onBoard = row.onBoardAt ? Date.parse(row.onBoardAt) : start + 10 * MINUTE;
  if (now >= onBoard + 40 * MINUTE) return { state: row.partnerRef.includes(SANDBOX_UNKNOWN_STATUS) ? 'RETURNED' : 'COMPLETED', since: onBoard + 40 * MINUTE };
  if (now >= onBoard) return { state: 'ON_BOARD', since: onBoard };
  if (now >= start) return { state: 'WAITING', since: start };
  if (now >= start - 15 * MINUTE) return { state: 'ACCEPTED', since: start - 15 * MINUTE };
  return { state: 'PROCESSING', since: Date.parse(row.createdAt) };
}

/** the driver's position: from the city's centre towards the pickup and on, a little further each minute */
function positionOf(row: Row, state: { state: string; since: number }, now: number) {
  const [lat, lon] = CENTRES[state.state === 'ON_BOARD' ? row.toCity : row.fromCity] ?? CENTRES.Praha!;
  const minutes = Math.min(40, Math.max(0, (now - state.since) / MINUTE));
  return { lat: lat + minutes * 0.0004, lon: lon + minutes * 0.0006, updatedAt: new Date(now).toISOString() };
}

const newRideId = () => `R${Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[b % 32]).join('')}`;

export function liftagoSandbox() {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => database(c.env.DB);
  const invalid = (c: Context, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => failure(c, 400, 'VALIDATION_ERROR', `${v.getDotPath(issues[0]) ?? 'body'}: ${issues[0].message}`);

  app.use('/v1/partners/:partnerId/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${LIFTAGO_SANDBOX_TOKEN}`) return failure(c, 401, 'UNAUTHORIZED', 'Missing or invalid access token.');
    if (c.req.param('partnerId') !== LIFTAGO_SANDBOX_PARTNER) return failure(c, 403, 'FORBIDDEN', 'The token does not belong to this partner.');
    await next();
  });

  /** the price a test set for this window (or for every window), in haléře */
  const setPrice = async (c: Context<OriginEnv>, from: string | undefined) => {
    const keys = [...(from ? [pragueWindow(from)] : []), '*'];
    for (const window of keys) {
      const row = await db(c).select().from(sandboxLiftagoPrices).where(eq(sandboxLiftagoPrices.window, window)).get();
      if (row) return row.priceMinor;
    }
    return null;
  };

  const area = (c: Context, stops: { location: { address: { zipCode: string } } }[]) => {
    const cities = stops.map((s) => cityOf(s.location.address.zipCode.replace(/\s/g, '')));
    return cities.every((city) => city && city === cities[0]) ? cities[0]! : null;
  };

  app.post('/v1/partners/:partnerId/deliveryRides/quote', async (c) => {
    const parsed = v.safeParse(rideQuoteRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    if (parsed.output.stops.some((s) => s.noteForDriver.includes(SANDBOX_CARRIER_DOWN))) return failure(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
    if (!area(c, parsed.output.stops)) return failure(c, 400, 'OUT_OF_AREA', 'Liftago delivers inside Prague or inside Brno only.');
    const price = (await setPrice(c, parsed.output.stops[0]!.arrivalTime?.from)) ?? tablePrice(parsed.output);
    if (price === null) return failure(c, 400, 'PARCEL_TOO_HEAVY', 'A parcel is heavier than a Liftago car takes.');
    return c.json({ price: { amount: price / 100, currency: 'CZK' }, validUntil: new Date(Date.now() + 10 * MINUTE).toISOString() });
  });

  app.post('/v1/partners/:partnerId/deliveryRides', async (c) => {
    const parsed = v.safeParse(deliveryRideRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const r = parsed.output;
    if (r.stops.some((s) => s.noteForDriver.includes(SANDBOX_CARRIER_DOWN))) return failure(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
    const city = area(c, r.stops);
    if (!city) return failure(c, 400, 'OUT_OF_AREA', 'Liftago delivers inside Prague or inside Brno only.');
    const pickup = r.stops[0]!;
    if (pickup.arrivalTime && pickup.arrivalTime.to <= pickup.arrivalTime.from) return failure(c, 400, 'VALIDATION_ERROR', 'stops.0.arrivalTime: the window ends before it starts.');
    // a duplicate POST of the same id answers the ride it made
    const earlier = await db(c).select().from(sandboxLiftagoRides).where(eq(sandboxLiftagoRides.partnerRef, r.id)).get();
    if (earlier) return c.json({ id: earlier.rideId }, 201);
    const rideId = newRideId();
    await db(c)
      .insert(sandboxLiftagoRides)
      .values({ rideId, partnerRef: r.stops.some((s) => s.noteForDriver.includes(SANDBOX_UNKNOWN_STATUS)) ? `${r.id} ${SANDBOX_UNKNOWN_STATUS}` : r.id, fromCity: city, toCity: city, windowFrom: pickup.arrivalTime?.from ?? null, windowTo: pickup.arrivalTime?.to ?? null, createdAt: new Date().toISOString(), onBoardAt: null, cancelledAt: null })
      .onConflictDoNothing()
      .run();
    if (r.stops.some((s) => s.noteForDriver.includes(SANDBOX_LOSE_ANSWER))) return c.text('upstream request timeout', 504);
    return c.json({ id: rideId }, 201);
  });

  const ride = async (c: Context<OriginEnv>) => db(c).select().from(sandboxLiftagoRides).where(eq(sandboxLiftagoRides.rideId, c.req.param('rideId') ?? '')).get();

  app.get('/v1/partners/:partnerId/deliveryRides/:rideId', async (c) => {
    const row = await ride(c);
    if (!row) return failure(c, 404, 'RIDE_NOT_FOUND', 'No such delivery ride.');
    const now = Date.now();
    const state = stateOf(row, now);
    const self = c.req.url.replace(/\?.*$/, '');
    const start = row.windowFrom ? Date.parse(row.windowFrom) : Date.parse(row.createdAt) + 30 * MINUTE;
    const onBoard = row.onBoardAt ? Date.parse(row.onBoardAt) : start + 10 * MINUTE;
    return c.json({
      id: row.rideId,
      rideStatus: state.state,
      pickupArrivalEstimateAt: new Date(start).toISOString(),
      destinationArrivalEstimateAt: new Date(onBoard + 40 * MINUTE).toISOString(),
      completedAt: state.state === 'COMPLETED' ? new Date(state.since).toISOString() : null,
      links: { position: `${self}/position`, cancel: `${self}/cancel` },
    });
  });

  app.get('/v1/partners/:partnerId/deliveryRides/:rideId/position', async (c) => {
    const row = await ride(c);
    if (!row) return failure(c, 404, 'RIDE_NOT_FOUND', 'No such delivery ride.');
    const now = Date.now();
    const state = stateOf(row, now);
    if (!['ACCEPTED', 'WAITING', 'ON_BOARD'].includes(state.state)) return failure(c, 404, 'POSITION_NOT_AVAILABLE', 'The ride has no driver on the way.');
    return c.json(positionOf(row, state, now));
  });

  app.post('/v1/partners/:partnerId/deliveryRides/:rideId/cancel', async (c) => {
    const row = await ride(c);
    if (!row) return failure(c, 404, 'RIDE_NOT_FOUND', 'No such delivery ride.');
    const { state } = stateOf(row, Date.now());
    if (!['PROCESSING', 'ACCEPTED', 'WAITING'].includes(state)) return failure(c, 409, 'RIDE_NOT_CANCELLABLE', `The ride is ${state} and can no longer be cancelled.`);
    await db(c).update(sandboxLiftagoRides).set({ cancelledAt: new Date().toISOString() }).where(eq(sandboxLiftagoRides.rideId, row.rideId)).run();
    return c.json({});
  });

  // sandbox only (not Liftago's): the driver takes the parcels on board now, or `minutesAgo`
  app.post('/_driver/on-board/:rideId', async (c) => {
    const row = await ride(c);
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('minutesAgo') ?? 0) || 0) * MINUTE;
    await db(c).update(sandboxLiftagoRides).set({ onBoardAt: new Date(at).toISOString(), createdAt: new Date(Math.min(Date.parse(row.createdAt), at - MINUTE)).toISOString() }).where(eq(sandboxLiftagoRides.rideId, row.rideId)).run();
    return c.body(null, 204);
  });

  // sandbox only: Liftago's price of a window changes (`window` "YYYY-MM-DDTHH:MM" Prague start, or "*"; amount CZK without VAT, null to drop it)
  app.put('/_prices', async (c) => {
    const parsed = v.safeParse(object({ window: v.pipe(v.string(), v.regex(/^(\*|\d{4}-\d{2}-\d{2}T\d{2}:\d{2})$/)), amount: v.nullable(v.pipe(v.number(), v.minValue(0))) }), await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const { window, amount } = parsed.output;
    if (amount === null) await db(c).delete(sandboxLiftagoPrices).where(eq(sandboxLiftagoPrices.window, window)).run();
    else await db(c).insert(sandboxLiftagoPrices).values({ window, priceMinor: Math.round(amount * 100) }).onConflictDoUpdate({ target: sandboxLiftagoPrices.window, set: { priceMinor: Math.round(amount * 100) } }).run();
    return c.body(null, 204);
  });

  return app;
}
