import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { CUSTOMS_INVOICE_PREFIX } from '../../../lib/customs-invoice';
import { database } from '../../db/client';
import { customsInvoiceUploads } from '../../db/schema';
import { ApiError } from '../../http/errors';

/**
 * The customs invoices' upload quota and housekeeping. Files no order has taken count against
 * their uploader (the user, or the browser's anonymous id) and against the client's address
 * for a day; after that day the daily housekeeping removes them (R2 object and row).
 */
export const UPLOAD_WINDOW_MS = 24 * 3600_000;
export const UPLOAD_QUOTA = {
  owner: { files: 30, bytes: 100 * 1024 * 1024 },
  address: { files: 60, bytes: 250 * 1024 * 1024 },
};

export type UploadOwner = { userId: number | null; anonymousId: string | null };

/**
 * Reserves the quota for one file (one statement, so parallel uploads cannot all pass the
 * check) before it is stored; 429 with `validation.upload_quota` on the file when it is used up.
 */
export async function reserveUpload(db: D1Database, upload: UploadOwner & { id: string; clientAddress: string; size: number }, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - UPLOAD_WINDOW_MS).toISOString();
  const [ownerColumn, ownerValue] = upload.userId !== null ? ['user_id', upload.userId] : ['anonymous_id', upload.anonymousId];
  const within = (column: string) => `FROM customs_invoice_uploads WHERE ${column} = ?1 AND ordered_at IS NULL AND created_at > ?2`;
  const result = await db
    .prepare(
      `INSERT INTO customs_invoice_uploads (id, user_id, anonymous_id, client_address, size, created_at) SELECT ?3, ?4, ?5, ?6, ?7, ?8
       WHERE (SELECT COUNT(*) ${within(ownerColumn)}) < ?9 AND (SELECT COALESCE(SUM(size), 0) ${within(ownerColumn)}) + ?7 <= ?10
         AND (SELECT COUNT(*) FROM customs_invoice_uploads WHERE client_address = ?6 AND ordered_at IS NULL AND created_at > ?2) < ?11
         AND (SELECT COALESCE(SUM(size), 0) FROM customs_invoice_uploads WHERE client_address = ?6 AND ordered_at IS NULL AND created_at > ?2) + ?7 <= ?12`,
    )
    .bind(ownerValue, since, upload.id, upload.userId, upload.anonymousId, upload.clientAddress, upload.size, now.toISOString(), UPLOAD_QUOTA.owner.files, UPLOAD_QUOTA.owner.bytes, UPLOAD_QUOTA.address.files, UPLOAD_QUOTA.address.bytes)
    .run();
  if (result.meta.changes === 1) return;
  const message = 'Too many customs invoices uploaded and not ordered in the last 24 hours';
  throw new ApiError(429, 'API_TOO_MANY_REQUESTS_ERROR', message, [{ field: 'file', code: 'validation.upload_quota', message }]);
}

/** the file was not stored after all, or its uploader removed it */
export const releaseUpload = (db: D1Database, id: string) => database(db).delete(customsInvoiceUploads).where(eq(customsInvoiceUploads.id, id));

/** an order took these files: they stay, and no longer count against the quota */
export async function markUploadsOrdered(db: D1Database, ids: readonly string[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await database(db).update(customsInvoiceUploads).set({ orderedAt: now.toISOString() }).where(inArray(customsInvoiceUploads.id, [...ids]));
}

/** daily: files no order took within a day are deleted from R2 and forgotten */
export async function pruneUnorderedUploads(env: { DB: D1Database; FILES?: R2Bucket }, now = new Date()): Promise<{ removed: number }> {
  if (!env.FILES) return { removed: 0 };
  const before = new Date(now.getTime() - UPLOAD_WINDOW_MS).toISOString();
  const db = database(env.DB);
  let removed = 0;
  for (;;) {
    const stale = await db
      .select({ id: customsInvoiceUploads.id })
      .from(customsInvoiceUploads)
      .where(and(isNull(customsInvoiceUploads.orderedAt), lt(customsInvoiceUploads.createdAt, before)))
      .limit(500);
    if (stale.length === 0) return { removed };
    const ids = stale.map((r) => r.id);
    // an order that took a file just now keeps it (its marker is in R2)
    const ordered = new Set((await Promise.all(ids.map(async (id) => ((await env.FILES!.head(`${CUSTOMS_INVOICE_PREFIX}${id}.order`)) ? id : null)))).filter((id) => id !== null));
    const gone = ids.filter((id) => !ordered.has(id));
    if (gone.length > 0) await env.FILES.delete(gone.map((id) => `${CUSTOMS_INVOICE_PREFIX}${id}`));
    if (ordered.size > 0) await markUploadsOrdered(env.DB, [...ordered], now);
    if (gone.length > 0) await db.delete(customsInvoiceUploads).where(inArray(customsInvoiceUploads.id, gone));
    removed += gone.length;
  }
}
