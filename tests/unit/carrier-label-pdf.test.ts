import { crc32, deflateSync } from 'node:zlib';
import { decodePDFRawStream, degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { labelPdf } from '../../src/server/documents/index';
import { A4, A6 } from '../../src/server/documents/label';
import { sampleLabel } from '../../src/server/documents/samples';
import type { CarrierLabelFile } from '../../src/server/documents/types';

/** a carrier's one-page label PDF of the given page size (points), optionally with a /Rotate */
async function carrierPdf(width: number, height: number, rotate = 0): Promise<CarrierLabelFile> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 10, y: 10, width: width - 20, height: height - 20, borderWidth: 2 });
  if (rotate) page.setRotation(degrees(rotate));
  doc.addPage([width, height]); // a second page is not printed
  return { format: 'pdf', bytes: await doc.save() };
}

/** a grey PNG of the given pixel size */
function carrierPng(width: number, height: number): CarrierLabelFile {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 128)])));
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return { format: 'png', bytes: new Uint8Array(png) };
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
type Placed = { kind: 'Form' | 'Image'; left: number; bottom: number; right: number; top: number; turned: boolean };

/** where each XObject (the carrier's page or image) lands on every page: its box in page points */
async function placedArt(bytes: Uint8Array): Promise<Placed[][]> {
  const doc = await PDFDocument.load(bytes);
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const numbers = (o: PDFObject | undefined) => (lookup(o) as PDFArray).asArray().map((n) => (lookup(n) as PDFNumber).asNumber());
  return doc.getPages().map((page) => {
    const contents = lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
    const text = streams.map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(s as PDFRawStream).decode())).join('\n');
    const xobjects = lookup(page.node.Resources()!.get(PDFName.of('XObject'))) as PDFDict | undefined;
    const placed: Placed[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const saved: Matrix[] = [];
    const operands: string[] = [];
    for (const token of text.match(/\[[^\]]*\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\/[^\s/[\]<>()]+|[^\s/[\]<>()]+/g) ?? []) {
      if (token === 'q') saved.push(ctm);
      else if (token === 'Q') ctm = saved.pop()!;
      else if (token === 'cm') ctm = multiply(operands.slice(-6).map(Number) as Matrix, ctm);
      else if (token === 'Do') {
        const object = lookup(xobjects!.get(PDFName.of(operands.at(-1)!.slice(1)))) as PDFRawStream;
        const kind = String(object.dict.get(PDFName.of('Subtype'))).slice(1) as Placed['kind'];
        let corners = [[0, 0], [1, 0], [0, 1], [1, 1]];
        let m = ctm;
        if (kind === 'Form') {
          const [x0, y0, x1, y1] = numbers(object.dict.get(PDFName.of('BBox')));
          corners = [[x0!, y0!], [x1!, y0!], [x0!, y1!], [x1!, y1!]];
          m = multiply(numbers(object.dict.get(PDFName.of('Matrix'))) as Matrix, ctm);
        }
        const points = corners.map(([x, y]) => [x! * m[0] + y! * m[2] + m[4], x! * m[1] + y! * m[3] + m[5]]);
        const xs = points.map((p) => p[0]!);
        const ys = points.map((p) => p[1]!);
        placed.push({ kind, left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys), turned: Math.abs(m[1]) > 1e-6 });
      }
      if (/^[a-zA-Z'"*]+$/.test(token)) operands.length = 0;
      else operands.push(token);
    }
    return placed;
  });
}

const within = (p: Placed, x: number, y: number, w: number, h: number) => p.left >= x - 0.01 && p.right <= x + w + 0.01 && p.bottom >= y - 0.01 && p.top <= y + h + 0.01;
const portrait = (p: Placed) => p.top - p.bottom > p.right - p.left;

describe('the carrier’s own label printed in our label slots', () => {
  it('A6: a portrait PDF label’s first page fills each package’s page, our label is not drawn', async () => {
    const labels = [0, 1].map((i) => ({ ...sampleLabel(i), carrierLabel: undefined as CarrierLabelFile | undefined }));
    labels[0]!.carrierLabel = await carrierPdf(288, 432);
    labels[1]!.carrierLabel = await carrierPdf(288, 432);
    const pdf = await labelPdf(labels, 'a6');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    for (const page of await placedArt(pdf)) {
      expect(page).toHaveLength(1);
      const [art] = page;
      expect(art).toMatchObject({ kind: 'Form', turned: false });
      expect(within(art!, 0, 0, A6[0], A6[1])).toBe(true);
      // 4×6 in scaled to fit A6 (its height limits it), centred
      const scale = Math.min(A6[0] / 288, A6[1] / 432);
      expect(art!.right - art!.left).toBeCloseTo(288 * scale, 1);
      expect(art!.top - art!.bottom).toBeCloseTo(A6[1], 1);
      expect(art!.left).toBeCloseTo(A6[0] - art!.right, 1);
    }
    // our drawing (the bars, texts) is left out: one XObject is all the page shows
    expect(new TextDecoder('latin1').decode(pdf)).not.toContain('IZ1234567890 ');
  });

  it('a landscape PDF label (or one shown landscape by its /Rotate) is turned upright', async () => {
    for (const file of [await carrierPdf(432, 288), await carrierPdf(288, 432, 90), await carrierPdf(288, 432, 270)]) {
      const [[art]] = (await placedArt(await labelPdf([{ ...sampleLabel(0), carrierLabel: file }], 'a6'))) as [Placed[]];
      expect(art!.kind).toBe('Form');
      expect(portrait(art!)).toBe(true);
      expect(within(art!, 0, 0, A6[0], A6[1])).toBe(true);
    }
    // a landscape page without /Rotate needs a quarter turn; a portrait one with /Rotate 90 is drawn as it is
    const [[turned]] = (await placedArt(await labelPdf([{ ...sampleLabel(0), carrierLabel: await carrierPdf(432, 288) }], 'a6'))) as [Placed[]];
    expect(turned!.turned).toBe(true);
    const [[straight]] = (await placedArt(await labelPdf([{ ...sampleLabel(0), carrierLabel: await carrierPdf(288, 432, 90) }], 'a6'))) as [Placed[]];
    expect(straight!.turned).toBe(false);
  });

  it('A4: PDF and PNG labels four to a sheet, each in its own quarter; PNG labels still print', async () => {
    const files = [await carrierPdf(288, 432), carrierPng(80, 120), await carrierPdf(432, 288), carrierPng(120, 80), await carrierPdf(288, 432)];
    const pdf = await labelPdf(files.map((carrierLabel, i) => ({ ...sampleLabel(i), carrierLabel })), 'a4');
    const pages = await placedArt(pdf);
    expect(pages.map((p) => p.map((a) => a.kind))).toEqual([['Form', 'Image', 'Form', 'Image'], ['Form']]);
    const [W, H] = A4;
    const quarters = [[0, H / 2], [W / 2, H / 2], [0, 0], [W / 2, 0]] as const;
    pages.flat().forEach((art, i) => {
      const [x, y] = quarters[i % 4]!;
      expect(within(art, x, y, W / 2, H / 2)).toBe(true);
      expect(portrait(art)).toBe(true);
    });
  });
});
