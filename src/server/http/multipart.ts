import { badRequest } from './errors';

/**
 * A multipart/form-data body read as it streams in: each part's bytes go to its sink as
 * they arrive, so an upload never sits whole in memory. `onPart` gives the sink of a part
 * from its headers; `write` and `end` are awaited before the body is read further.
 */
export type PartHead = { name: string; filename: string | null; contentType: string };
export type PartSink = { write(chunk: Uint8Array): void | Promise<void>; end(): void | Promise<void> };

const MAX_HEADER_BYTES = 8 * 1024;
const encoder = new TextEncoder();
const CRLF2 = encoder.encode('\r\n\r\n');

export const boundaryOf = (contentType: string): string | null => {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2])! : null;
};

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

function parseHead(raw: string): PartHead {
  let disposition = '';
  let contentType = 'text/plain';
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw badRequest('A multipart part without form-data disposition');
  const params: Record<string, string> = {};
  for (const m of disposition.matchAll(/;\s*([A-Za-z0-9*_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim();
  }
  let filename = params.filename ?? null;
  const extended = /^utf-8''(.*)$/i.exec(params['filename*'] ?? '');
  if (extended) {
    try {
      filename = decodeURIComponent(extended[1]!);
    } catch {
      // a malformed extended name: the plain one stays
    }
  }
  if (params.name === undefined) throw badRequest('A multipart part without a name');
  return { name: params.name, filename, contentType };
}

/** reads the whole body through the parts' sinks; a malformed body is a 400, a sink's or the stream's error is passed on */
export async function readMultipart(body: ReadableStream<Uint8Array> | null, boundary: string, onPart: (head: PartHead) => PartSink): Promise<void> {
  if (!body) throw badRequest('Malformed multipart/form-data body');
  // the first delimiter has no CRLF before it when the body has no preamble: read the body as if it had one
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const keep = delimiter.length + 2;
  let buffer: Uint8Array = encoder.encode('\r\n');
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'head' | 'body' | 'done';
  let sink: PartSink | null = null;
  const reader = body.getReader();
  try {
    for (let ended = false; !ended; ) {
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffer = concat(buffer, value);
      for (let progress = true; progress && state !== 'done'; ) {
        progress = false;
        if (state === 'preamble') {
          const at = indexOf(buffer, delimiter);
          if (at === -1) {
            buffer = buffer.slice(Math.max(0, buffer.length - delimiter.length));
          } else {
            buffer = buffer.slice(at + delimiter.length);
            state = 'after-delimiter';
            progress = true;
          }
        } else if (state === 'after-delimiter') {
          if (buffer.length < 2) break;
          if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
            state = 'done';
            break;
          }
          const eol = indexOf(buffer, CRLF2.subarray(0, 2));
          if (eol === -1) {
            if (buffer.length > 256) throw badRequest('Malformed multipart/form-data body');
            break;
          }
          buffer = buffer.slice(eol + 2);
          state = 'head';
          progress = true;
        } else if (state === 'head') {
          const at = indexOf(buffer, CRLF2);
          if (at === -1) {
            if (buffer.length > MAX_HEADER_BYTES) throw badRequest('A multipart part header is too large');
            break;
          }
          if (at > MAX_HEADER_BYTES) throw badRequest('A multipart part header is too large');
          sink = onPart(parseHead(new TextDecoder().decode(buffer.subarray(0, at))));
          buffer = buffer.slice(at + 4);
          state = 'body';
          progress = true;
        } else if (state === 'body') {
          const at = indexOf(buffer, delimiter);
          if (at === -1) {
            // all but what could be the start of the delimiter
            const safe = buffer.length - keep;
            if (safe > 0) {
              await sink!.write(buffer.slice(0, safe));
              buffer = buffer.slice(safe);
            }
          } else {
            if (at > 0) await sink!.write(buffer.slice(0, at));
            await sink!.end();
            sink = null;
            buffer = buffer.slice(at + delimiter.length);
            state = 'after-delimiter';
            progress = true;
          }
        }
      }
      if (state === 'done') {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    throw badRequest('Malformed multipart/form-data body: it ends before its closing delimiter');
  } catch (error) {
    // stop the upload: nothing more of it is read
    await reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
