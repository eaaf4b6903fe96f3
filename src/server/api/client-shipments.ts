import { listOrdersWithYears, listShipmentsWithYears } from '../services/archive/years/lists';
import { mainOf, orInYearDatabases } from '../services/archive/years/read';
import { Hono, type Context } from 'hono';
import { contentLanguageOf } from '../../lib/language';
import { LabelsRequestSchema, OrdersQuerySchema, ShipmentListQuerySchema } from '../../lib/schemas/client-shipments';
import type { OriginEnv } from '../env';
import { orderableIn } from '../carriers/availability';
import { requireUser } from '../http/auth';
import { notFound } from '../http/errors';
import { parseWith, readJson, readQuery } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { parseTerritory } from '../services/quote-request';
import { repeatOrder } from '../services/client-shipments/repeat';
import { shipmentDetail, shipmentLabelsPdf } from '../services/client-shipments/shipments';

/** a path id: digits only, anything else is no shipment of anyone's */
const idOf = (c: Context) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('No such shipment');
  return id;
};

const pdf = (file: { body: Uint8Array; filename: string }) =>
  new Response(file.body as unknown as BodyInit, { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${file.filename}"`, 'cache-control': 'private, no-store' } });

/**
 * v1/shipments (client section, issue 12): the signed-in user's shipments — the list with
 * search, filters and paging (its first three are the navbar's latest shipments), one
 * shipment, and many labels on one A4 PDF. Mounted beside `shipmentsApi` (orders.ts).
 */
export const clientShipmentsApi = new Hono<OriginEnv>()
  // { data: [latest-shipment entries], meta: { total, limit, offset } }
  .get('/list', async (c) => {
    const me = await requireUser(c);
    // with the closed years' databases (services/archive/years/lists.ts)
    return c.json(await listShipmentsWithYears(c.env, me, readQuery(c, ShipmentListQuerySchema)));
  })
  .post('/labels', async (c) => {
    const me = await requireUser(c);
    return pdf(await shipmentLabelsPdf(c.env, me, await readJson(c, LabelsRequestSchema)));
  })
  // the same for a plain HTML form (checkboxes `ids`, works without JavaScript): ?ids=1&ids=2 or ?ids=1,2
  .get('/labels', async (c) => {
    const me = await requireUser(c);
    const ids = (c.req.queries('ids') ?? []).flatMap((value) => value.split(',')).filter((value) => value.trim() !== '');
    return pdf(await shipmentLabelsPdf(c.env, me, parseWith(LabelsRequestSchema, { ids, format: c.req.query('format') || undefined })));
  })
  .get('/:id{[0-9]+}', async (c) => {
    const me = await requireUser(c);
    const id = idOf(c);
    const language = contentLanguageOf(pickLanguage(c.req.header('language'), c.req.header('accept-language')));
    // a moved shipment (the list shows those of the closed years too): from its year's database
    return c.json({ data: await orInYearDatabases(c.env, (env) => shipmentDetail(env, me, id, language)) });
  });

/** v1/orders (client section): the user's orders, a page at a time, and an order's shipments again as cart items */
export const clientOrdersApi = new Hono<OriginEnv>()
  // { data: [orders], meta: { total, limit, offset, view_mode } }
  .get('/', async (c) => {
    const me = await requireUser(c);
    // with the closed years' databases (services/archive/years/lists.ts)
    return c.json(await listOrdersWithYears(c.env, me, readQuery(c, OrdersQuerySchema)));
  })
  .get('/:token/repeat', async (c) => {
    const me = await requireUser(c);
    const scope = { territory: parseTerritory(c.req.header('x-territory')), language: pickLanguage(c.req.header('language'), c.req.header('accept-language')) };
    // a moved order (the list shows the closed years' too) from its year's database
    return c.json({ data: await orInYearDatabases(c.env, (env) => repeatOrder(env.DB, me, c.req.param('token'), scope, { orderable: orderableIn(c.env) }, mainOf(env))) });
  });
