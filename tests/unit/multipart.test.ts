import { describe, expect, it } from 'vitest';
import { displayFileName, storedFileName } from '../../src/lib/claim-files';
import { boundaryOf, readMultipart, type PartHead } from '../../src/server/http/multipart';

/** a body streamed in chunks of `size` bytes */
const chunked = (bytes: Uint8Array, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });

async function parse(body: ReadableStream<Uint8Array>, boundary: string) {
  const parts: (PartHead & { bytes: number[] })[] = [];
  await readMultipart(body, boundary, (head) => {
    const part = { ...head, bytes: [] as number[] };
    parts.push(part);
    return { write: (chunk) => void part.bytes.push(...chunk), end: () => undefined };
  });
  return parts;
}

describe('readMultipart', () => {
  it('reads what a browser sends, however the body is cut into chunks', async () => {
    const form = new FormData();
    form.append('description', 'Krabice\r\nje rozbitá ✓');
    // bytes that look like the start of a delimiter inside a file
    const file = new Uint8Array([0xff, 0xd8, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x0d, 0x0a, 1, 2, 3]);
    form.append('files', new File([file], 'foto "1".jpg', { type: 'image/jpeg' }));
    // an empty file input (undici leaves out the empty filename; browsers send filename="")
    form.append('files', new File([], ''));
    const res = new Response(form);
    const boundary = boundaryOf(res.headers.get('content-type')!)!;
    const bytes = new Uint8Array(await res.arrayBuffer());
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const parts = await parse(chunked(bytes, size), boundary);
      expect(parts.map((p) => [p.name, p.filename]), `chunks of ${size}`).toEqual([['description', null], ['files', 'foto %221%22.jpg'], ['files', null]]);
      expect(new TextDecoder().decode(new Uint8Array(parts[0]!.bytes))).toBe('Krabice\r\nje rozbitá ✓');
      expect(parts[1]!.bytes).toEqual([...file]);
      expect(parts[1]!.contentType).toBe('image/jpeg');
      expect(parts[2]!.bytes).toEqual([]);
    }
  });

  it('refuses a body that ends before its closing delimiter, and passes on a sink error', async () => {
    const enc = new TextEncoder();
    const browserEmpty = await parse(chunked(enc.encode('--b\r\nContent-Disposition: form-data; name="files"; filename=""\r\n\r\n\r\n--b--\r\n'), 5), 'b');
    expect(browserEmpty).toMatchObject([{ name: 'files', filename: '', bytes: [] }]);
    await expect(parse(chunked(enc.encode('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxyz'), 4), 'b')).rejects.toMatchObject({ status: 400 });
    const body = chunked(enc.encode('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxyz\r\n--b--\r\n'), 4);
    await expect(readMultipart(body, 'b', () => ({ write: () => { throw new Error('full'); }, end: () => undefined }))).rejects.toThrow('full');
  });
});

describe('claim file names', () => {
  it('shows a client name without bidi or control characters and without path characters', () => {
    expect(displayFileName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(displayFileName('..\\..\\C:\\temp\\a:b*c?.pdf')).toBe('a_b_c_.pdf');
    expect(displayFileName('/etc/passwd')).toBe('passwd');
    expect(displayFileName('.htaccess')).toBe('htaccess');
    expect(displayFileName('fo\u0000to\n\u2066x\u2069.jpg')).toBe('fotox.jpg');
    expect(displayFileName('\u202E')).toBe('file');
    expect(displayFileName('Fotka obalu – přední strana.jpg')).toBe('Fotka obalu – přední strana.jpg');
  });

  it('stores under a generated name with the extension of the sniffed type', () => {
    expect(storedFileName('image/jpeg', 'abc')).toBe('abc.jpg');
    expect(storedFileName('image/png', 'abc')).toBe('abc.png');
    expect(storedFileName('application/pdf', 'abc')).toBe('abc.pdf');
  });
});
