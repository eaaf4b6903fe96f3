import type { BookedShipment } from '../../carriers/booking';
import { shipmentWithRecords } from '../archive/read';
import type { CarrierLabelFile, LabelData, LabelFormat, PrintLabel } from '../../documents/types';
import type { OriginBindings } from '../../env';

/**
 * The carrier's own parcel number and label of each package (carriers that number packages,
 * e.g. UPS), stored on the shipment as JSON; the label files (PNG or PDF, the key's extension
 * says which) are kept in R2 at booking.
 */
export type CarrierPackage = { ref: string; label: string | null };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** the label formats we keep and print, by the carrier's name of the format */
const KEPT = { PNG: { extension: 'png', contentType: 'image/png' }, PDF: { extension: 'pdf', contentType: 'application/pdf' } } as const;

/** keeps each package's PNG or PDF label in R2; a label that cannot be kept is logged and left out (the shipment is booked) */
export async function storeCarrierPackages(env: OriginBindings, trackingNumber: string, booked: BookedShipment): Promise<CarrierPackage[] | null> {
  if (!booked.packages?.length) return null;
  return Promise.all(
    booked.packages.map(async (p, i): Promise<CarrierPackage> => {
      const kept = p.label && p.label.format in KEPT ? KEPT[p.label.format as keyof typeof KEPT] : null;
      if (!kept || !env.FILES) return { ref: p.carrierRef, label: null };
      const key = `carrier-labels/${trackingNumber}-${i + 1}.${kept.extension}`;
      try {
        await env.FILES.put(key, bytesOf(p.label!.data), { httpMetadata: { contentType: kept.contentType } });
        return { ref: p.carrierRef, label: key };
      } catch (error) {
        console.warn(`could not keep ${key} in R2`, error);
        return { ref: p.carrierRef, label: null };
      }
    }),
  );
}

export const carrierPackagesOf = (json: string | null): CarrierPackage[] => (json ? (JSON.parse(json) as CarrierPackage[]) : []);

const formatOfKey = (key: string): CarrierLabelFile['format'] => (key.endsWith('.pdf') ? 'pdf' : 'png');

/** the carrier's label files of every package, or null when any is missing (then our own label is printed) */
export async function carrierLabelFiles(env: OriginBindings, packages: readonly CarrierPackage[]): Promise<CarrierLabelFile[] | null> {
  if (packages.length === 0 || packages.some((p) => !p.label) || !env.FILES) return null;
  const files = await Promise.all(packages.map(async (p) => (await env.FILES!.get(p.label!).catch(() => null))?.arrayBuffer()));
  return files.every(Boolean) ? files.map((b, i) => ({ format: formatOfKey(packages[i]!.label!), bytes: new Uint8Array(b!) })) : null;
}

/** a shipment's labels to print: the carrier's label of each package when it gave them all, else ours */
export async function printLabels(env: OriginBindings, stored: { id?: number; orderId?: number; label: string | null; carrierPackages: string | null }): Promise<PrintLabel[]> {
  const shipment = stored.id !== undefined && stored.orderId !== undefined ? await shipmentWithRecords(env, { ...stored, id: stored.id, orderId: stored.orderId }) : stored;
  const labels = JSON.parse(shipment.label!) as LabelData[];
  const files = await carrierLabelFiles(env, carrierPackagesOf(shipment.carrierPackages));
  return files && files.length === labels.length ? labels.map((label, i) => ({ ...label, carrierLabel: files[i] })) : labels;
}

/** where a shipment's printed label PDF is kept once drawn */
export const printedLabelKey = (trackingNumber: string, format: LabelFormat) => `labels/${trackingNumber}-${format}.pdf`;

/** a cancelled shipment's label files in R2: the carrier's labels of its packages and our printed PDFs; failures are logged */
export async function deleteShipmentLabels(env: OriginBindings, shipment: { trackingNumber: string; carrierPackages: string | null }): Promise<void> {
  if (!env.FILES) return;
  const keys = [...carrierPackagesOf(shipment.carrierPackages).flatMap((p) => (p.label ? [p.label] : [])), printedLabelKey(shipment.trackingNumber, 'a6'), printedLabelKey(shipment.trackingNumber, 'a4')];
  await env.FILES.delete(keys).catch((error: unknown) => console.warn(`could not delete the labels of ${shipment.trackingNumber} from R2`, error));
}
