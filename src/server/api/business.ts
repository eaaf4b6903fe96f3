import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ActivateContractSchema, PICKUP_COUNTRIES, PickupOrderSchema, PickupPlaceSchema } from '../../lib/schemas/business';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { notFound } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { activateContract, activationPreview, contractsOf, contractView, signContract } from '../services/business/contracts';
import { requireContract } from '../services/business/errors';
import { createPlace, deletePlace, placeOf, placesOf, placeView, updatePlace } from '../services/business/pickup-places';
import { cancelPickup, orderPickup, pickupCarriers, pickupsOf } from '../services/business/pickups';
import { orderableIn } from '../carriers/availability';
import { clientAddress } from './user';

/**
 * The business calls of the client section (issue 12 item 6): contracts for every signed-in
 * user; pickup places and pickups for users with a contract (403 `business.error.contract_required`
 * otherwise). Calls with an id look it up under the user first: another user's id is a 404.
 */

/** a positive integer id of the path, else 404 like an unknown one */
function idOf(c: Context): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

/** v1/contracts */
export const contractsApi = new Hono<OriginEnv>()
  /** GET v1/contracts → { data: [contract…], meta: { unsigned_contract } } */
  .get('/', async (c) => {
    const me = await requireUser(c);
    const list = (await contractsOf(c.env.DB, me.id)).map(contractView);
    return c.json({ data: list, meta: { unsigned_contract: list.some((k) => k.unsigned) } });
  })
  /** POST v1/contracts/activate { token } → { data: { contract, activated } } (activated false: it already was) */
  .post('/activate', async (c) => {
    const me = await requireUser(c);
    const { token } = await readJson(c, ActivateContractSchema);
    return c.json({ data: await activateContract(c.env.DB, me, token) });
  })
  /** POST v1/contracts/activation { token } → { data: { contract, state: ready | active } }: what the link would do, without doing it */
  .post('/activation', async (c) => {
    const me = await requireUser(c);
    const { token } = await readJson(c, ActivateContractSchema);
    return c.json({ data: await activationPreview(c.env.DB, me, token) });
  })
  /** POST v1/contracts/:id/sign → { data: contract } */
  .post('/:id/sign', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await signContract(c.env.DB, me, idOf(c), clientAddress(c)) });
  });

/** v1/pickup-places */
export const pickupPlacesApi = new Hono<OriginEnv>()
  .get('/', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: (await placesOf(c.env.DB, me)).map(placeView) });
  })
  .post('/', async (c) => {
    const me = await requireUser(c);
    requireContract(me);
    const input = await readJson(c, PickupPlaceSchema);
    return c.json({ data: placeView(await createPlace(c.env.DB, me, input)) }, 201);
  })
  /** PATCH v1/pickup-places/:id: the fields sent replace those stored; the result is checked whole */
  .patch('/:id', async (c) => {
    const me = await requireUser(c);
    const id = idOf(c);
    const current = placeView(await placeOf(c.env.DB, me, id));
    const changes = await readJson(c, v.record(v.string(), v.unknown()));
    const input = parseWith(PickupPlaceSchema, { ...current, ...changes });
    return c.json({ data: placeView(await updatePlace(c.env.DB, me, id, input)) });
  })
  .delete('/:id', async (c) => {
    const me = await requireUser(c);
    await deletePlace(c.env.DB, me, idOf(c));
    return c.json({ data: { deleted: true } });
  });

/**
 * v1/pickups (mounted beside GET v1/pickups/dates): GET / → { data: [pickup…] } upcoming first,
 * GET /carriers → { data: { cz: [carrier…], sk: [carrier…] } } (who collects, regularly too?),
 * POST / → 201 { data: pickup }, POST /:id/cancel → { data: pickup }
 */
export const pickupOrdersApi = new Hono<OriginEnv>()
  .get('/', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await pickupsOf(c.env.DB, me) });
  })
  .get('/carriers', (c) => c.json({ data: Object.fromEntries(PICKUP_COUNTRIES.map((country) => [country, pickupCarriers(country, new Date(), orderableIn(c.env))])) }))
  .post('/', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, PickupOrderSchema);
    return c.json({ data: await orderPickup(c.env, me, input) }, 201);
  })
  .post('/:id/cancel', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await cancelPickup(c.env, me, idOf(c)) });
  });
