import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { labelPdf } from '../../src/server/documents/index';
import { sampleLabel } from '../../src/server/documents/samples';
import { printLabels, storeCarrierPackages } from '../../src/server/services/orders/carrier-labels';

// The carriers' label files as booking keeps them in R2 (real local R2) and as the label download prints them.
const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

async function onePagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([288, 432]).drawRectangle({ x: 20, y: 20, width: 248, height: 392, borderWidth: 3 });
  return base64(await doc.save());
}
// a 1×1 PNG
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

const xobjects = (pdf: Uint8Array, subtype: 'Form' | 'Image') => new TextDecoder('latin1').decode(pdf).match(new RegExp(`/Subtype\\s*/${subtype}\\b`, 'g'))?.length ?? 0;

describe('carrier labels kept in R2 and printed', () => {
  it('keeps each package’s PDF label as carrier-labels/<IZ>-<n>.pdf and prints its first page in the package’s slot', async () => {
    const tracking = 'IZ5550000001';
    const packages = await storeCarrierPackages(env, tracking, { carrierRef: '41234567890', pickupDate: null, pickupFrom: null, pickupTo: null, packages: [{ carrierRef: '41234567890', label: { format: 'PDF', data: await onePagePdf() } }, { carrierRef: '41234567891', label: { format: 'PDF', data: await onePagePdf() } }] });
    expect(packages).toEqual([
      { ref: '41234567890', label: `carrier-labels/${tracking}-1.pdf` },
      { ref: '41234567891', label: `carrier-labels/${tracking}-2.pdf` },
    ]);
    const stored = await env.FILES.get(`carrier-labels/${tracking}-2.pdf`);
    expect(stored!.httpMetadata!.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode((await stored!.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    const labels = [sampleLabel(0, { trackingNumber: tracking }), sampleLabel(1, { trackingNumber: tracking })];
    const print = await printLabels(env, { label: JSON.stringify(labels), carrierPackages: JSON.stringify(packages) });
    expect(print.map((l) => l.carrierLabel?.format)).toEqual(['pdf', 'pdf']);
    const a6 = await labelPdf(print, 'a6');
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    expect(xobjects(a6, 'Form')).toBe(2);
    const a4 = await labelPdf(print, 'a4');
    expect((await PDFDocument.load(a4)).getPageCount()).toBe(1);
    expect(xobjects(a4, 'Form')).toBe(2);
  });

  it('PNG labels are kept as .png and print as images; a GIF is not kept and our own label prints', async () => {
    const tracking = 'IZ5550000002';
    const packages = await storeCarrierPackages(env, tracking, { carrierRef: '1Z1', pickupDate: null, pickupFrom: null, pickupTo: null, packages: [{ carrierRef: '1Z1', label: { format: 'PNG', data: PNG } }] });
    expect(packages).toEqual([{ ref: '1Z1', label: `carrier-labels/${tracking}-1.png` }]);
    expect((await env.FILES.head(`carrier-labels/${tracking}-1.png`))!.httpMetadata!.contentType).toBe('image/png');
    const label = JSON.stringify([sampleLabel(0, { trackingNumber: tracking, packageIndex: 1, packageCount: 1 })]);
    const a6 = await labelPdf(await printLabels(env, { label, carrierPackages: JSON.stringify(packages) }), 'a6');
    expect(xobjects(a6, 'Image')).toBe(1);

    const gif = await storeCarrierPackages(env, 'IZ5550000003', { carrierRef: '1Z2', pickupDate: null, pickupFrom: null, pickupTo: null, packages: [{ carrierRef: '1Z2', label: { format: 'GIF', data: 'R0lGODlhAQABAAAAACw=' } }] });
    expect(gif).toEqual([{ ref: '1Z2', label: null }]);
    const ours = await printLabels(env, { label, carrierPackages: JSON.stringify(gif) });
    expect(ours[0]!.carrierLabel).toBeUndefined();
  });
});
