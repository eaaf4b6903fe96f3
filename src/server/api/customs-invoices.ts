import { Hono, type Context } from 'hono';
import { MAX_CLAIM_FILE_BYTES, safeFileName, sniffType } from '../../lib/claim-files';
import { CUSTOMS_INVOICE_ID, CUSTOMS_INVOICE_PREFIX } from '../../lib/customs-invoice';
import type { OriginEnv } from '../env';
import { currentUser } from '../http/auth';
import { ApiError, badRequest, notFound, validationError } from '../http/errors';
import { markUploadsOrdered, releaseUpload, reserveUpload } from '../services/customs-invoices/uploads';
import { clientAddress } from './user';

/**
 * The customs step's own invoices (issue 14): POST v1/shipments/customs-invoice stores one
 * file (multipart `file`: PDF, JPEG or PNG by its first bytes, at most 10 MB) in R2 and answers
 * `{ id, name, size }`; the id goes into the draft's customs.invoice_files and travels with the
 * order's shipment. DELETE …/:id removes a file that is not ordered yet. The owner is the
 * uploader: the signed-in user, or the browser's anonymous id (the zslt_anonymous_id cookie the
 * edge forwards as x-anonymous-id); anyone else gets 404, as for any other owned id. Files no
 * order took count against a quota per uploader and per address and are removed after a day
 * (services/customs-invoices/uploads.ts).
 */

const ANONYMOUS_ID = /^[A-Za-z0-9_-]{16,128}$/;

type Owner = { user: string; anonymous: string };

async function ownerOf(c: Context<OriginEnv>): Promise<Owner> {
  const user = await currentUser(c);
  const header = c.req.header('x-anonymous-id') ?? '';
  const anonymous = ANONYMOUS_ID.test(header) ? header : '';
  if (!user && !anonymous) throw badRequest('Uploading a file needs a session or an anonymous id');
  return { user: user ? String(user.id) : '', anonymous };
}

/** the stored owner is the one asking: the same user, or (signed out when uploading) the same browser */
export const isCustomsInvoiceOwner = (meta: Record<string, string> | undefined, owner: Owner) =>
  Boolean(meta) && ((owner.user !== '' && meta!.user === owner.user) || (owner.anonymous !== '' && meta!.anonymous === owner.anonymous));

const bucketOf = (c: Context<OriginEnv>) => {
  if (!c.env.FILES) throw new ApiError(503, 'API_UNAVAILABLE_ERROR', 'File storage is not configured');
  return c.env.FILES;
};

type ItemWithCustoms = { shipment: { customs?: { invoice_files?: string[] | null } | null } };

/**
 * Before an order is created: every customs invoice id of its items must be a file the
 * orderer uploaded (else a §8 validation error on that item's invoice_files); the ids to mark.
 */
export async function checkCustomsInvoices(c: Context<OriginEnv>, items: readonly ItemWithCustoms[]): Promise<string[]> {
  const ids = items.map((item) => item.shipment.customs?.invoice_files ?? []);
  if (ids.every((list) => list.length === 0)) return [];
  const owner = await ownerOf(c).catch(() => ({ user: '', anonymous: '' }));
  const bucket = bucketOf(c);
  const errors = [];
  for (const [index, list] of ids.entries()) {
    for (const id of list) {
      const head = CUSTOMS_INVOICE_ID.test(id) ? await bucket.head(`${CUSTOMS_INVOICE_PREFIX}${id}`) : null;
      if (!head || !isCustomsInvoiceOwner(head.customMetadata, owner)) {
        errors.push({ field: `items.${index}.shipment.customs.invoice_files`, code: 'validation.invoice_file', message: `No uploaded invoice ${id.slice(0, 40)}` });
        break;
      }
    }
  }
  if (errors.length > 0) throw validationError(errors);
  return ids.flat();
}

/** after the order: its files stay (DELETE answers 409) and say which order they belong to */
export async function markCustomsInvoicesOrdered(c: Context<OriginEnv>, ids: readonly string[], orderToken: string): Promise<void> {
  if (ids.length === 0 || !c.env.FILES) return;
  await Promise.all(ids.map((id) => c.env.FILES!.put(`${CUSTOMS_INVOICE_PREFIX}${id}.order`, orderToken)));
  await markUploadsOrdered(c.env.DB, ids);
}

const fileError = (code: string, message: string) => validationError([{ field: 'file', code, message }]);

export const customsInvoicesApi = new Hono<OriginEnv>()
  .post('/', async (c) => {
    const owner = await ownerOf(c);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest('Malformed multipart/form-data body');
    }
    const file = form.get('file');
    if (!file || typeof file === 'string' || file.size === 0) throw fileError('validation.required', 'Send one file as the field `file`');
    if (file.size > MAX_CLAIM_FILE_BYTES) throw fileError('validation.file_size', `Larger than ${MAX_CLAIM_FILE_BYTES} bytes`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!type) throw fileError('validation.file_type', 'Not a PDF, JPEG or PNG file');
    const id = crypto.randomUUID().replace(/-/g, '');
    const name = safeFileName(file.name);
    const bucket = bucketOf(c);
    await reserveUpload(c.env.DB, { id, userId: owner.user ? Number(owner.user) : null, anonymousId: owner.anonymous || null, clientAddress: clientAddress(c), size: bytes.byteLength });
    try {
      await bucket.put(`${CUSTOMS_INVOICE_PREFIX}${id}`, bytes, {
        httpMetadata: { contentType: type, contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
        customMetadata: { name, user: owner.user, anonymous: owner.anonymous, uploaded: new Date().toISOString() },
      });
    } catch (error) {
      await releaseUpload(c.env.DB, id);
      throw error;
    }
    return c.json({ data: { id, name, size: bytes.byteLength } }, 201);
  })
  .delete('/:id', async (c) => {
    const owner = await ownerOf(c);
    const id = c.req.param('id');
    const bucket = bucketOf(c);
    const key = `${CUSTOMS_INVOICE_PREFIX}${id}`;
    const head = CUSTOMS_INVOICE_ID.test(id) ? await bucket.head(key) : null;
    if (!head || !isCustomsInvoiceOwner(head.customMetadata, owner)) throw notFound('No such file');
    // a file of an ordered shipment stays with it
    if (await bucket.head(`${key}.order`)) throw new ApiError(409, 'API_CONFLICT_ERROR', 'The file belongs to an ordered shipment');
    await bucket.delete(key);
    await releaseUpload(c.env.DB, id);
    return c.json({ data: { id } });
  });
