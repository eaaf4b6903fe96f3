import { CUSTOMS_INVOICE_PATH, MAX_CUSTOMS_INVOICE_UPLOAD_BYTES } from '../lib/claim-files';
import { edgeError } from './errors';

/** Bodies the edge accepts: the origin's JSON limit. Upload endpoints will list their own here. */
export const MAX_BODY_BYTES = 256 * 1024;

/** the limit of a buffered request body: the customs invoice (one file) may be larger; claims' files are streamed, not buffered */
export const bodyLimitFor = (method: string, pathname: string) =>
  method === 'POST' && pathname === CUSTOMS_INVOICE_PATH ? MAX_CUSTOMS_INVOICE_UPLOAD_BYTES : MAX_BODY_BYTES;

export const tooLarge = (limit: number) =>
  edgeError(413, 'API_PAYLOAD_TOO_LARGE_ERROR', `Body larger than ${limit} bytes`);

/**
 * The request body, read up to `limit` bytes: a declared Content-Length over the limit is
 * refused before anything is read, and reading stops (the upload is cancelled) as soon as
 * the streamed bytes pass the limit, whatever Content-Length claimed.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<ArrayBuffer | Response> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) return tooLarge(limit);
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel('body over the limit').catch(() => undefined);
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}
