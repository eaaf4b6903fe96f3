import type { BookedShipment } from '../../carriers/booking';
import type { LabelData, PrintLabel } from '../../documents/types';
import type { OriginBindings } from '../../env';

/**
 * The carrier's own parcel number and label of each package (carriers that number packages,
 * e.g. UPS), stored on the shipment as JSON; the label images are kept in R2 at booking.
 */
export type CarrierPackage = { ref: string; label: string | null };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** keeps each package's PNG label in R2; a label that cannot be kept is logged and left out (the shipment is booked) */
export async function storeCarrierPackages(env: OriginBindings, trackingNumber: string, booked: BookedShipment): Promise<CarrierPackage[] | null> {
  if (!booked.packages?.length) return null;
  return Promise.all(
    booked.packages.map(async (p, i): Promise<CarrierPackage> => {
      if (p.label?.format !== 'PNG' || !env.FILES) return { ref: p.carrierRef, label: null };
      const key = `carrier-labels/${trackingNumber}-${i + 1}.png`;
      try {
        await env.FILES.put(key, bytesOf(p.label.data), { httpMetadata: { contentType: 'image/png' } });
        return { ref: p.carrierRef, label: key };
      } catch (error) {
        console.warn(`could not keep ${key} in R2`, error);
        return { ref: p.carrierRef, label: null };
      }
    }),
  );
}

export const carrierPackagesOf = (json: string | null): CarrierPackage[] => (json ? (JSON.parse(json) as CarrierPackage[]) : []);

/** the carrier's label images of every package, or null when any is missing (then our own label is printed) */
export async function carrierLabelImages(env: OriginBindings, packages: readonly CarrierPackage[]): Promise<Uint8Array[] | null> {
  if (packages.length === 0 || packages.some((p) => !p.label) || !env.FILES) return null;
  const images = await Promise.all(packages.map(async (p) => (await env.FILES!.get(p.label!).catch(() => null))?.arrayBuffer()));
  return images.every(Boolean) ? images.map((b) => new Uint8Array(b!)) : null;
}

/** a shipment's labels to print: the carrier's image of each package when it gave them all, else ours */
export async function printLabels(env: OriginBindings, shipment: { label: string | null; carrierPackages: string | null }): Promise<PrintLabel[]> {
  const labels = JSON.parse(shipment.label!) as LabelData[];
  const images = await carrierLabelImages(env, carrierPackagesOf(shipment.carrierPackages));
  return images && images.length === labels.length ? labels.map((label, i) => ({ ...label, carrierImage: images[i] })) : labels;
}
