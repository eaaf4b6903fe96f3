import { code128 } from 'bwip-js/generic';
import { barRectsDrawing } from '../../documents/bar-rects';
import { textRects, type Rect } from './sandbox-font';

/**
 * The UPS sandbox's label image of one package: a 4×6 inch, 203 dpi one-bit PNG (the size and
 * format UPS answers for LabelImageFormat PNG) with a frame, separators and the Code 128 of the
 * package's 1Z number, and the texts a driver reads: ship from, ship to, service, the package's
 * place in the shipment, its weight, the tracking number and the reference (sandbox-font.ts).
 */
const WIDTH = 812;
const HEIGHT = 1218;

/** what the label prints beside the barcode */
export type LabelText = { from: string[]; to: string[]; service: string; pkg: string; weight: string; reference: string | null; cod?: string | null };

function barcodeRects(text: string): { rects: Rect[]; width: number; height: number } {
  const rects: Rect[] = [];
  const size = code128({ bcid: 'code128', text, scale: 3, height: 30 }, barRectsDrawing((r) => rects.push(r), (s) => s, 'sandbox label'));
  return { rects, ...size };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** a one-bit greyscale PNG, white but for the black rectangles */
async function png(rects: Rect[], width: number, height: number): Promise<Uint8Array> {
  const stride = Math.ceil(width / 8);
  const raw = new Uint8Array((stride + 1) * height).fill(0xff);
  for (let y = 0; y < height; y++) raw[y * (stride + 1)] = 0;
  for (const r of rects) {
    for (let y = Math.max(0, r.y); y < Math.min(height, r.y + r.h); y++) {
      const row = y * (stride + 1) + 1;
      for (let x = Math.max(0, r.x); x < Math.min(width, r.x + r.w); x++) raw[row + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([1, 0, 0, 0, 0], 8);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const spaced = (n: string) => (/^1Z[0-9A-Z]{16}$/.test(n) ? `${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 8)} ${n.slice(8, 10)} ${n.slice(10, 14)} ${n.slice(14)}` : n);

function textOf(trackingNumber: string, t: LabelText): Rect[] {
  const lines = (texts: string[], x: number, y: number, scale: number, gap: number) => texts.flatMap((line, i) => textRects(line, x, y + i * gap, scale, Math.floor((WIDTH - x - 24) / (6 * scale))));
  return [
    ...lines(t.from, 30, 34, 3, 30),
    ...textRects(t.pkg, WIDTH - 30 - 6 * 4 * t.pkg.length, 34, 4),
    ...textRects(t.weight, WIDTH - 30 - 6 * 3 * t.weight.length, 80, 3),
    ...textRects('SHIP TO:', 30, 320, 3),
    ...lines(t.to, 60, 356, 5, 48),
    ...textRects(t.service, 30, 596, 7, 17),
    ...textRects(`TRACKING #: ${spaced(trackingNumber)}`, 30, 700, 3, 42),
    ...(t.cod ? textRects(`COD ${t.cod}`, 30, 1070, 4, 30) : []),
    ...(t.reference ? textRects(`REF: ${t.reference}`, 30, 1120, 3, 42) : []),
  ];
}

/** the label PNG of one package, base64 (as UPS's GraphicImage) */
export async function sandboxLabelPng(trackingNumber: string, text?: LabelText): Promise<string> {
  const code = barcodeRects(trackingNumber);
  const bx = Math.max(20, Math.floor((WIDTH - code.width) / 2));
  const by = 820;
  const rects: Rect[] = [
    // frame and the separators of UPS's label zones
    { x: 10, y: 10, w: WIDTH - 20, h: 6 },
    { x: 10, y: HEIGHT - 16, w: WIDTH - 20, h: 6 },
    { x: 10, y: 10, w: 6, h: HEIGHT - 20 },
    { x: WIDTH - 16, y: 10, w: 6, h: HEIGHT - 20 },
    { x: 10, y: 300, w: WIDTH - 20, h: 4 },
    { x: 10, y: 560, w: WIDTH - 20, h: 12 },
    { x: 10, y: 780, w: WIDTH - 20, h: 4 },
    ...code.rects.map((r) => ({ ...r, x: r.x + bx, y: r.y + by })),
    ...(text ? textOf(trackingNumber, text) : []),
  ];
  const bytes = await png(rects, WIDTH, HEIGHT);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
