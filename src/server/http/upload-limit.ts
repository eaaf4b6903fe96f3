import type { MiddlewareHandler } from 'hono';
import { ApiError, errorBody } from './errors';

export const payloadTooLarge = (limit: number) => new ApiError(413, 'API_PAYLOAD_TOO_LARGE_ERROR', `Body larger than ${limit} bytes`);

/** the body as a stream that fails with a 413 ApiError as soon as more than `limit` bytes have come */
export function limitedStream(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(payloadTooLarge(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The body limit of a streamed upload: a declared Content-Length over the limit answers 413
 * before anything is read; otherwise the body stays a stream (never buffered, unlike
 * hono's bodyLimit without a Content-Length) that fails once it passes the limit.
 */
export const streamedBodyLimit =
  (limit: number): MiddlewareHandler =>
  async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > limit) return c.json(errorBody(payloadTooLarge(limit)), 413);
    if (c.req.raw.body) c.req.raw = new Request(c.req.raw, { body: limitedStream(c.req.raw.body, limit) });
    await next();
  };
