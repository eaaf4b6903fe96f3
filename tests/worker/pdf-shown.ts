import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/** the strings a page of a PDF drawn with the standard fonts shows (`<hex> Tj`, WinAnsi), joined by " | " (carrier sandbox labels) */
export async function shownText(bytes: Uint8Array, pageIndex = 0): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(pageIndex).node.Contents();
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const text = streams
    .map((s) => {
      const stream = s instanceof PDFRawStream ? s : doc.context.lookup(s);
      return stream instanceof PDFRawStream ? Array.from(decodePDFRawStream(stream).decode(), (b) => String.fromCharCode(b)).join('') : '';
    })
    .join('');
  return [...text.matchAll(/<([0-9a-fA-F]*)>\s*Tj/g)].map(([, hex]) => hex!.match(/../g)?.map((h) => String.fromCharCode(parseInt(h, 16))).join('') ?? '').join(' | ');
}
