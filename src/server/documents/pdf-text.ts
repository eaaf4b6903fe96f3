import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * Reads back the text of a PDF this module wrote (for tests: "the label holds the tracking
 * number"), with pdf-lib only: per page, the content streams are inflated and every string
 * shown (Tj, TJ) is mapped through its font's ToUnicode CMap. Enough for our own output
 * (embedded Identity-H fonts, `<hex> Tj`); not a general PDF text extractor.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const context = doc.context;
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);
  const streamBytes = (object: PDFObject | undefined): Uint8Array => {
    const stream = lookup(object);
    if (!(stream instanceof PDFRawStream)) return new Uint8Array();
    return decodePDFRawStream(stream).decode();
  };
  const latin1 = (data: Uint8Array) => Array.from(data, (b) => String.fromCharCode(b)).join('');

  const cmaps = new Map<string, Map<string, string>>();
  const cmapOf = (fontDict: PDFDict): Map<string, string> => {
    const key = String(fontDict.get(PDFName.of('BaseFont')));
    let map = cmaps.get(key);
    if (map) return map;
    map = new Map();
    const text = latin1(streamBytes(fontDict.get(PDFName.of('ToUnicode'))));
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        const units = unicode.match(/.{4}/g)!.map((h) => parseInt(h, 16));
        map.set(code.toLowerCase(), String.fromCharCode(...units));
      }
    }
    cmaps.set(key, map);
    return map;
  };

  return doc.getPages().map((page) => {
    const resources = page.node.Resources();
    const fonts = resources ? lookup(resources.get(PDFName.of('Font'))) : undefined;
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = streams.map((s) => latin1(streamBytes(s as PDFObject))).join('\n');
    let cmap = new Map<string, string>();
    const out: string[] = [];
    for (const match of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (match[1] !== undefined) {
        const font = fonts instanceof PDFDict ? lookup(fonts.get(PDFName.of(match[1]))) : undefined;
        if (font instanceof PDFDict) cmap = cmapOf(font);
        continue;
      }
      const hexes = match[2] !== undefined ? [...match[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [match[3]];
      out.push(hexes.map((hex) => (hex.match(/.{4}/g) ?? []).map((code) => cmap.get(code.toLowerCase()) ?? '\uFFFD').join('')).join(''));
    }
    return out.join('\n');
  });
}
