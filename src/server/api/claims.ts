import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { orderById, shipmentById } from '../db/repositories/orders';
import { CLAIM_STATUSES } from '../db/schema';
import { isLocalDev, type OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { badRequest, notFound, validationError, type FieldError } from '../http/errors';
import { issuesToFieldErrors, readJson } from '../http/validate';
import { object } from '../../lib/schemas/object';
import { claimsOfUser, addCustomerMessage, changeClaimStatus, checkFiles, claimByToken, claimFile, claimView, countClaimFiles, createClaim } from '../services/claims/claims';
import { ClaimMessageSchema, ClaimSchema, FindReferenceSchema, MESSAGE_MAX } from '../../lib/schemas/claims';
import { findReference, signReference, verifyReference, type ShipmentRef } from '../services/claims/reference';
import { pickLanguage } from '../services/countries';
import { deferIn } from './user';

/**
 * Claims (issue 11; spec §2.1 /reklamace, §7 v2/issues/find-reference). Anonymous: the
 * claim's token is the capability of its page, its files and its messages; finding the
 * shipment needs its tracking number and the order's token or an e-mail of the order.
 */

const notFoundShipment = () => notFound('No shipment of that number and token or e-mail');

/** the multipart body: its text fields (first value each) and its files */
async function multipart(c: Context): Promise<{ fields: Record<string, string>; files: File[] }> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw badRequest('Malformed multipart/form-data body');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] ??= value;
    else if (name === 'files') files.push(value);
  }
  return { fields, files };
}

/** the shipment view of find-reference */
const shipmentOf = ({ shipment, carrierName }: ShipmentRef) => ({
  tracking_number: shipment.trackingNumber,
  carrier: { code: shipment.carrier, name: carrierName },
  status: shipment.trackingStatus,
  delivered_at: shipment.deliveredAt,
});

async function answerReference(c: Context<OriginEnv>, input: unknown) {
  const parsed = v.safeParse(FindReferenceSchema, input);
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.issues));
  const ref = await findReference(c.env.DB, parsed.output);
  if (!ref) throw notFoundShipment();
  const reference = parsed.output.token || (c.env.SESSION_SECRET ? await signReference(c.env.SESSION_SECRET, ref.shipment.id, new Date()) : null);
  return c.json({ data: { shipment: shipmentOf(ref), reference } });
}

/** v2/issues: POST find-reference (JSON; the e-mail stays out of URLs), GET with number and token as in spec §7 */
export const issuesApi = new Hono<OriginEnv>()
  // awaited, not returned: a rejection handed on to the caller's promise one tick later is
  // reported by workerd as unhandled although Hono handles it
  .post('/find-reference', async (c) => await answerReference(c, await readJson(c, v.unknown())))
  .get('/find-reference', async (c) => await answerReference(c, { tracking_number: c.req.query('number') ?? c.req.query('tracking_number') ?? '', token: c.req.query('token') ?? '' }));

/** the shipment a claim is filed for: a signed reference from find-reference, or the token / e-mail again */
async function provenShipment(c: Context<OriginEnv>, input: { tracking_number: string; token: string; email: string }): Promise<ShipmentRef | null> {
  if (input.token.startsWith('r.') && c.env.SESSION_SECRET) {
    const id = await verifyReference(c.env.SESSION_SECRET, input.token, new Date());
    const shipment = id === null ? undefined : await shipmentById(c.env.DB, id);
    if (!shipment || shipment.trackingNumber !== input.tracking_number) return null;
    const order = await orderById(c.env.DB, shipment.orderId);
    return order ? { shipment, order, carrierName: shipment.carrier } : null;
  }
  return findReference(c.env.DB, input);
}

const languageOf = (c: Context, field?: string) => (field === 'en' || field === 'cs' ? field : pickLanguage(c.req.header('language'), c.req.header('accept-language')) === 'en' ? 'en' : 'cs');

export const claimsApi = new Hono<OriginEnv>()
  /** GET v1/claims: the signed-in user's claims */
  .get('/', async (c) => {
    const rows = await claimsOfUser(c.env.DB, await requireUser(c));
    return c.json({ data: rows.map((r) => ({ number: r.number, token: r.token, status: r.status, reason: r.reason, tracking_number: r.trackingNumber, created_at: r.createdAt, updated_at: r.updatedAt })) });
  })
  /** POST v1/claims (multipart/form-data): the claim with its files → { token, number } */
  .post('/', async (c) => {
    const { fields, files } = await multipart(c);
    const parsed = v.safeParse(ClaimSchema, { ...fields, language: languageOf(c, fields.language) });
    const errors: FieldError[] = parsed.success ? [] : issuesToFieldErrors(parsed.issues);
    const checked = await checkFiles(files);
    if ('errors' in checked) errors.push(...checked.errors);
    if (!parsed.success || 'errors' in checked) throw validationError(errors);
    const ref = await provenShipment(c, parsed.output);
    if (!ref) throw notFoundShipment();
    const claim = await createClaim(c.env, ref, parsed.output, checked.files, deferIn(c));
    return c.json({ data: { token: claim.token, number: claim.number } }, 201);
  })
  .get('/:token', async (c) => {
    const claim = await claimByToken(c.env.DB, c.req.param('token'));
    if (!claim) throw notFound('No such claim');
    const shipment = await shipmentById(c.env.DB, claim.shipmentId);
    return c.json({ data: await claimView(c.env.DB, claim, shipment?.trackingNumber ?? '') });
  })
  /** POST v1/claims/:token/messages (multipart/form-data: body, files) */
  .post('/:token/messages', async (c) => {
    const claim = await claimByToken(c.env.DB, c.req.param('token'));
    if (!claim) throw notFound('No such claim');
    const { fields, files } = await multipart(c);
    const parsed = v.safeParse(ClaimMessageSchema, { body: fields.body ?? '' });
    const errors: FieldError[] = parsed.success ? [] : issuesToFieldErrors(parsed.issues);
    const checked = await checkFiles(files, await countClaimFiles(c.env.DB, claim.id));
    if ('errors' in checked) errors.push(...checked.errors);
    if (!parsed.success || 'errors' in checked) throw validationError(errors);
    await addCustomerMessage(c.env, claim, parsed.output.body, checked.files);
    const shipment = await shipmentById(c.env.DB, claim.shipmentId);
    const fresh = (await claimByToken(c.env.DB, claim.token))!;
    return c.json({ data: await claimView(c.env.DB, fresh, shipment?.trackingNumber ?? '') }, 201);
  })
  /** GET v1/claims/:token/files/:id: the file as an attachment, only under its claim's token */
  .get('/:token/files/:id', async (c) => {
    const claim = await claimByToken(c.env.DB, c.req.param('token'));
    const id = Number(c.req.param('id'));
    const file = claim && Number.isSafeInteger(id) && id > 0 ? await claimFile(c.env.DB, claim, id) : undefined;
    const object = file && c.env.FILES ? await c.env.FILES.get(file.r2Key) : null;
    if (!file || !object) throw notFound('No such file');
    return new Response(object.body, {
      headers: {
        'content-type': file.contentType,
        'content-length': String(object.size),
        'content-disposition': `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });

const StatusChangeSchema = object({
  status: v.picklist(CLAIM_STATUSES, 'claims.error.status'),
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MESSAGE_MAX, 'validation.too_long')), ''),
});

/** POST v1/sandbox/claims/:token/status (local development only): the team moves a claim; the customer is e-mailed */
export const sandboxClaims = new Hono<OriginEnv>().post('/claims/:token/status', async (c) => {
  if (!isLocalDev(c.env)) throw notFound('No endpoint');
  const input = await readJson(c, StatusChangeSchema);
  const claim = await changeClaimStatus(c.env, c.req.param('token'), input.status, input.message || undefined, deferIn(c));
  return c.json({ data: { token: claim.token, number: claim.number, status: claim.status } });
});
