import { contentLanguageOf } from '../../lib/language';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { orderById, shipmentById } from '../db/repositories/orders';
import { CLAIM_STATUSES } from '../db/schema';
import { isLocalDev, type OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { ApiError, badRequest, notFound, validationError, type FieldError } from '../http/errors';
import { boundaryOf, readMultipart } from '../http/multipart';
import { issuesToFieldErrors, readJson } from '../http/validate';
import { object } from '../../lib/schemas/object';
import { claimsOfUser, addCustomerMessage, changeClaimStatus, claimByToken, claimFile, claimFileDownloadName, claimFilesPrefix, claimView, countClaimFiles, createClaim, newClaimToken } from '../services/claims/claims';
import { ClaimUpload } from '../services/claims/files';
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

/**
 * The multipart body read as it streams in: its text fields (first value each) and its files,
 * stored in R2 under `prefix` one by one (never the whole body in memory). On any failure
 * what was stored is removed.
 */
async function receiveUpload(c: Context<OriginEnv>, prefix: string, already = 0): Promise<ClaimUpload> {
  const boundary = boundaryOf(c.req.header('content-type') ?? '');
  if (!boundary) throw badRequest('Malformed multipart/form-data body');
  const upload = new ClaimUpload(c.env.FILES, prefix, already);
  try {
    await readMultipart(c.req.raw.body, boundary, upload.part);
  } catch (error) {
    await upload.discard();
    throw error instanceof ApiError ? error : badRequest('Malformed or interrupted multipart/form-data body');
  }
  return upload;
}

/** the request's work with the upload; what it stored is removed when the work fails */
async function withUpload<T>(upload: ClaimUpload, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await upload.discard();
    throw error;
  }
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
  const ref = await findReference(c.env, parsed.output);
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
  return findReference(c.env, input);
}

const languageOf = (c: Context, field?: string) => (field === 'en' || field === 'cs' || field === 'sk' ? field : contentLanguageOf(pickLanguage(c.req.header('language'), c.req.header('accept-language'))));

export const claimsApi = new Hono<OriginEnv>()
  /** GET v1/claims: the signed-in user's claims */
  .get('/', async (c) => {
    const rows = await claimsOfUser(c.env.DB, await requireUser(c));
    return c.json({ data: rows.map((r) => ({ number: r.number, token: r.token, status: r.status, reason: r.reason, tracking_number: r.trackingNumber, created_at: r.createdAt, updated_at: r.updatedAt })) });
  })
  /** POST v1/claims (multipart/form-data): the claim with its files → { token, number } */
  .post('/', async (c) => {
    const token = newClaimToken();
    const upload = await receiveUpload(c, claimFilesPrefix(token));
    return withUpload(upload, async () => {
      const parsed = v.safeParse(ClaimSchema, { ...upload.fields, language: languageOf(c, upload.fields.language) });
      const errors: FieldError[] = [...(parsed.success ? [] : issuesToFieldErrors(parsed.issues)), ...upload.errors];
      if (!parsed.success || errors.length > 0) throw validationError(errors);
      const ref = await provenShipment(c, parsed.output);
      if (!ref) throw notFoundShipment();
      const claim = await createClaim(c.env, ref, parsed.output, { token, files: upload.files }, deferIn(c));
      return c.json({ data: { token: claim.token, number: claim.number } }, 201);
    });
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
    const upload = await receiveUpload(c, claimFilesPrefix(claim.token), await countClaimFiles(c.env.DB, claim.id));
    await withUpload(upload, async () => {
      const parsed = v.safeParse(ClaimMessageSchema, { body: upload.fields.body ?? '' });
      const errors: FieldError[] = [...(parsed.success ? [] : issuesToFieldErrors(parsed.issues)), ...upload.errors];
      if (!parsed.success || errors.length > 0) throw validationError(errors);
      await addCustomerMessage(c.env, claim, parsed.output.body, upload.files);
    });
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
        // a generated name with the extension of the type its content was sniffed as
        'content-disposition': `attachment; filename="${claimFileDownloadName(claim!, file)}"`,
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
