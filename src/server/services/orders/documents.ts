import { invoiceByToken, orderById, shipmentById } from '../../db/repositories/orders';
import { invoiceWithRecords } from '../archive/read';
import { mainOf, type MainBinding } from '../archive/years/read';
import type { UserRow } from '../../db/repositories/users';
import type { LabelFormat } from '../../documents/types';
import type { OriginBindings } from '../../env';
import { notFound } from '../../http/errors';
import { timingSafeEqualText } from '../../identity/crypto';
import { documentOf, invoiceLanguage } from '../billing/invoices';
import { printedLabelKey, printLabels } from './carrier-labels';

/**
 * Label and invoice downloads: only for the shipment's owner or with its order's token
 * (anyone else gets the same 404 as for a missing one). The PDF is drawn once in the worker
 * and kept in R2; later downloads are served from there. The documents module (pdf-lib,
 * fonts, barcode) is imported here on demand, so it stays off the worker's start-up path.
 */
export type PdfFile = { body: BodyInit; filename: string };

const loadDocuments = () => import('../../documents');

async function cached(env: OriginBindings, key: string, make: () => Promise<Uint8Array>): Promise<BodyInit> {
  const stored = await env.FILES?.get(key).catch(() => null);
  if (stored) return stored.body;
  const bytes = await make();
  await env.FILES?.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } }).catch((error: unknown) => console.warn(`could not keep ${key} in R2`, error));
  return bytes as unknown as BodyInit;
}

export async function labelPdf(env: OriginBindings, shipmentId: number, format: LabelFormat, access: { user: UserRow | null; token: string | null }): Promise<PdfFile> {
  const shipment = await shipmentById(env.DB, shipmentId);
  const order = shipment && (await orderById(env.DB, shipment.orderId));
  const owner = Boolean(shipment && access.user && shipment.userId === access.user.id);
  const holder = Boolean(order && access.token && timingSafeEqualText(order.token, access.token));
  if (!shipment || !order || !(owner || holder)) throw notFound('No such shipment');
  if (shipment.status !== 'created' || shipment.label === null) throw notFound('The label is ready once the carrier has accepted the shipment');
  const body = await cached(env, printedLabelKey(shipment.trackingNumber, format), async () => (await loadDocuments()).labelPdf(await printLabels(env, shipment), format));
  return { body, filename: `${shipment.trackingNumber}-${format}.pdf` };
}

/** the invoice's PDF (anyone with its token); a paid one is drawn again without its payment QR; `MAIN_DB`: services/archive/years/read.ts */
export async function invoicePdf(env: OriginBindings & MainBinding, token: string): Promise<PdfFile> {
  const stored = await invoiceByToken(env.DB, token);
  if (!stored) throw notFound('No such invoice');
  const invoice = await invoiceWithRecords(env, stored);
  const language = await invoiceLanguage(env.DB, invoice, mainOf(env));
  const data = documentOf(invoice, language);
  const body = await cached(env, `invoices/${invoice.number}-${language}${invoice.paidAt ? '-paid' : ''}.pdf`, async () => (await loadDocuments()).invoicePdf(data, language));
  return { body, filename: `${invoice.number}.pdf` };
}
