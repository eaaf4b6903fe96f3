import { pathLocaleOf, type ContentLanguage } from '../../../lib/language';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { translator, type MessageId } from '../../../i18n';
import { href } from '../../../routes';
import { database } from '../../db/client';
import { nextInSequence, orderById, shipmentById } from '../../db/repositories/orders';
import { claimFiles, claimMessages, claims, shipments } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { ApiError, notFound } from '../../http/errors';
import { randomToken } from '../../identity/crypto';
import { sendMail } from '../../mail/send';
import type { Defer } from '../accounts/account';
import { siteUrl } from '../accounts/links';
import { displayFileName, storedFileName } from '../../../lib/claim-files';
import type { ClaimInput } from '../../../lib/schemas/claims';
import type { StoredClaimFile } from './files';
import type { ShipmentRef } from './reference';
import { assertClaimTransition, type ClaimStatus } from './states';

export type ClaimRow = typeof claims.$inferSelect;

/** a new claim's token (its page's capability); known before its files are stored under claims/<token>/ */
export const newClaimToken = () => randomToken(32);
/** where a claim's files are stored in R2 */
export const claimFilesPrefix = (token: string) => `claims/${token}/`;

export const claimByToken = (d1: D1Database, token: string) => database(d1).select().from(claims).where(eq(claims.token, token)).get();

export const claimFileUrl = (token: string, id: number) => `/api/v1/claims/${token}/files/${id}`;
export const claimPagePath = (language: ContentLanguage, token: string) => href('claim-detail', pathLocaleOf(language), { token });

/** 'RK' + year + a 6-digit sequence of the year */
export async function nextClaimNumber(d1: D1Database, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const n = await nextInSequence(d1, `claim-${year}`);
  return `RK${year}${String(n).padStart(6, '0')}`;
}

/** a message with its files, already in R2 (ClaimUpload): the message's row, then its files' rows */
async function storeMessage(env: OriginBindings, claim: Pick<ClaimRow, 'id'>, author: 'customer' | 'team', body: string, files: readonly StoredClaimFile[]) {
  const db = database(env.DB);
  const [message] = await db.insert(claimMessages).values({ claimId: claim.id, author, body }).returning({ id: claimMessages.id });
  if (files.length === 0) return message!.id;
  await db.insert(claimFiles).values(files.map((f) => ({ claimId: claim.id, messageId: message!.id, name: f.name, contentType: f.type, size: f.size, r2Key: f.key })));
  return message!.id;
}

const statusLabel = (language: ContentLanguage, status: ClaimStatus) => translator(language)(`claims.status.${status}` as MessageId);

/**
 * A new claim of a proven shipment: its number and token, the description as the first
 * message with the files, and the customer's confirmation mail (in the background).
 */
export async function createClaim(env: OriginBindings, ref: ShipmentRef, input: ClaimInput, { token, files }: { token: string; files: readonly StoredClaimFile[] }, defer: Defer, now = new Date()) {
  const number = await nextClaimNumber(env.DB, now);
  const [claim] = await database(env.DB)
    .insert(claims)
    .values({
      token,
      number,
      shipmentId: ref.shipment.id,
      reason: input.reason,
      description: input.description,
      email: input.contact_email,
      language: input.language,
      bankAccount: input.bank_account,
    })
    .returning();
  await storeMessage(env, claim!, 'customer', input.description, files);
  defer(
    sendMail(env, {
      to: input.contact_email,
      template: 'claim_received',
      language: input.language,
      name: input.contact_email,
      link: siteUrl(env, claimPagePath(input.language, token), ref.order.territory),
      values: { number, tracking: ref.shipment.trackingNumber },
    }),
    'claim received mail',
  );
  return claim!;
}

/** the customer's message; a claim waiting for the customer goes back to review */
export async function addCustomerMessage(env: OriginBindings, claim: ClaimRow, body: string, files: readonly StoredClaimFile[]) {
  await storeMessage(env, claim, 'customer', body, files);
  if (claim.status === 'waiting_for_customer') {
    await database(env.DB)
      .update(claims)
      .set({ status: 'in_review', updatedAt: new Date().toISOString() })
      .where(and(eq(claims.id, claim.id), eq(claims.status, 'waiting_for_customer')));
  }
}

/**
 * The team moves a claim (a refused transition is a 409), optionally with a message to the
 * customer; the customer is told by e-mail in their language.
 */
export async function changeClaimStatus(env: OriginBindings, token: string, to: ClaimStatus, message: string | undefined, defer: Defer) {
  const claim = await claimByToken(env.DB, token);
  if (!claim) throw notFound('No such claim');
  assertClaimTransition(claim.status, to);
  const moved = await database(env.DB)
    .update(claims)
    .set({ status: to, updatedAt: new Date().toISOString() })
    .where(and(eq(claims.id, claim.id), eq(claims.status, claim.status)))
    .returning({ id: claims.id });
  if (moved.length === 0) throw new ApiError(409, 'API_CONFLICT_ERROR', 'The claim changed meanwhile');
  if (message) await storeMessage(env, claim, 'team', message, []);
  const shipment = await shipmentById(env.DB, claim.shipmentId);
  const territory = (shipment && (await orderById(env.DB, shipment.orderId))?.territory) ?? 'cz';
  const t = translator(claim.language);
  defer(
    sendMail(env, {
      to: claim.email,
      template: 'claim_updated',
      language: claim.language,
      name: claim.email,
      link: siteUrl(env, claimPagePath(claim.language, claim.token), territory),
      values: { number: claim.number, status: statusLabel(claim.language, to), explanation: t(`claims.statusText.${to}` as MessageId) },
      extra: message ? [message] : [],
    }),
    'claim updated mail',
  );
  return { ...claim, status: to };
}

const maskAccount = (account: string | null) => (account ? `${'•'.repeat(Math.max(0, Math.min(account.length - 4, 8)))}${account.slice(-4)}` : null);

/** GET v1/claims/:token: the claim and its timeline, oldest first, with the files' download links */
export async function claimView(d1: D1Database, claim: ClaimRow, trackingNumber: string) {
  const db = database(d1);
  const messages = await db.select().from(claimMessages).where(eq(claimMessages.claimId, claim.id)).orderBy(asc(claimMessages.createdAt), asc(claimMessages.id));
  const files = messages.length
    ? await db.select().from(claimFiles).where(inArray(claimFiles.messageId, messages.map((m) => m.id))).orderBy(asc(claimFiles.id))
    : [];
  return {
    token: claim.token,
    number: claim.number,
    status: claim.status,
    reason: claim.reason,
    description: claim.description,
    tracking_number: trackingNumber,
    bank_account: maskAccount(claim.bankAccount),
    email: claim.email,
    created_at: claim.createdAt,
    updated_at: claim.updatedAt,
    file_count: files.length,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      created_at: m.createdAt,
      files: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({ id: f.id, name: displayFileName(f.name), download_name: claimFileDownloadName(claim, f), size: f.size, content_type: f.contentType, url: claimFileUrl(claim.token, f.id) })),
    })),
  };
}
export type ClaimView = Awaited<ReturnType<typeof claimView>>;

/** a claim's file is downloaded under a generated name with its type's extension, never the client's name */
export const claimFileDownloadName = (claim: Pick<ClaimRow, 'number'>, file: Pick<typeof claimFiles.$inferSelect, 'id' | 'contentType'>) =>
  storedFileName(file.contentType, `${claim.number}-${file.id}`);

/** the file of a claim, only under that claim's token */
export async function claimFile(d1: D1Database, claim: ClaimRow, id: number) {
  return database(d1)
    .select()
    .from(claimFiles)
    .where(and(eq(claimFiles.id, id), eq(claimFiles.claimId, claim.id)))
    .get();
}

export const countClaimFiles = async (d1: D1Database, claimId: number) =>
  (await database(d1).select({ n: sql<number>`count(*)` }).from(claimFiles).where(eq(claimFiles.claimId, claimId)).get())?.n ?? 0;

/**
 * The signed-in user's claims (the client section's reklamace page): those of their own
 * shipments and those filed with their e-mail, newest first.
 */
export async function claimsOfUser(d1: D1Database, user: { id: number; email: string }, limit = 50) {
  const db = database(d1);
  return db
    .select({ number: claims.number, token: claims.token, status: claims.status, reason: claims.reason, createdAt: claims.createdAt, updatedAt: claims.updatedAt, trackingNumber: shipments.trackingNumber })
    .from(claims)
    .innerJoin(shipments, eq(shipments.id, claims.shipmentId))
    .where(or(eq(shipments.userId, user.id), eq(claims.email, user.email.toLowerCase())))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(limit);
}
