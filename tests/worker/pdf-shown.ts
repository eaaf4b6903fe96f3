import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * The strings a page of a PDF drawn with the standard fonts shows (`<hex> Tj`, WinAnsi), joined
 * by " | ": carrier sandbox labels, also where our label download embeds them as form XObjects.
 */
export async function shownText(bytes: Uint8Array, pageIndex = 0): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const decoded = (o: PDFObject | undefined) => {
    const stream = lookup(o);
    return stream instanceof PDFRawStream ? Array.from(decodePDFRawStream(stream).decode(), (b) => String.fromCharCode(b)).join('') : '';
  };
  const shown: string[] = [];
  const walk = (content: string, resources: PDFObject | undefined, depth: number) => {
    const xobjects = resources instanceof PDFDict ? lookup(resources.get(PDFName.of('XObject'))) : undefined;
    for (const m of content.matchAll(/<([0-9a-fA-F]*)>\s*Tj|\/([^\s/]+)\s+Do\b/g)) {
      if (m[1] !== undefined) shown.push(m[1].match(/../g)?.map((h) => String.fromCharCode(parseInt(h, 16))).join('') ?? '');
      else if (depth < 4 && xobjects instanceof PDFDict) {
        const form = lookup(xobjects.get(PDFName.of(m[2]!)));
        if (form instanceof PDFRawStream && String(form.dict.get(PDFName.of('Subtype'))) === '/Form') walk(decoded(form), lookup(form.dict.get(PDFName.of('Resources'))), depth + 1);
      }
    }
  };
  const page = doc.getPage(pageIndex);
  const contents = page.node.Contents();
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  walk(streams.map(decoded).join('\n'), page.node.Resources(), 0);
  return shown.join(' | ');
}
