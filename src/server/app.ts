import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { v1 } from './api/v1';
import { v2 } from './api/v2';
import type { OriginEnv } from './env';
import { ApiError, errorBody, notFound } from './http/errors';
import { readApiKey } from './http/auth';
import { jsonBodies } from './http/content-type';
import { SignInLocked } from './services/accounts/errors';
import { D1_TIMEOUT_MS, withBoundedReads } from './http/timeout';
import { MAX_JSON_BYTES } from './http/validate';
import { isClaimFilesPath, isClaimUploadPath, MAX_CLAIM_UPLOAD_BYTES, MAX_CUSTOMS_INVOICE_UPLOAD_BYTES } from '../lib/claim-files';
import { streamedBodyLimit } from './http/upload-limit';
import { rememberJsonText } from './http/json-text';

/**
 * The origin: the spec §7 API on D1. Mounted in-process by the edge gateway
 * (no API_ORIGIN) or deployed on its own; it serves the same /api/... paths either way.
 * `d1TimeoutMs` bounds every D1 read of a request (tests shorten it).
 */
export function createOriginApp({ d1TimeoutMs = D1_TIMEOUT_MS }: { d1TimeoutMs?: number } = {}) {
  const app = new Hono<OriginEnv>().basePath('/api');
  // first: every c.json answer (the error handler's too) keeps its text for the in-process client
  app.use(rememberJsonText());
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => c.json(errorBody(new ApiError(413, 'API_PAYLOAD_TOO_LARGE_ERROR', `Body larger than ${maxSize} bytes`)), 413),
    });
  const jsonLimit = limitOf(MAX_JSON_BYTES);
  // the customs invoice (one file of up to 10 MB) is the only larger buffered body
  const uploadLimit = limitOf(MAX_CUSTOMS_INVOICE_UPLOAD_BYTES);
  // the claims' files are streamed to R2 part by part: their body is limited as it streams, never buffered
  const streamedLimit = streamedBodyLimit(MAX_CLAIM_UPLOAD_BYTES);
  app.use((c, next) => {
    if (c.req.method !== 'POST') return jsonLimit(c, next);
    return (isClaimFilesPath(c.req.path) ? streamedLimit : isClaimUploadPath(c.req.path) ? uploadLimit : jsonLimit)(c, next);
  });
  app.use(jsonBodies());
  // every D1 read of a request answers within d1TimeoutMs or the request answers 503
  app.use(async (c, next) => {
    c.env = { ...c.env, DB: withBoundedReads(c.env.DB, d1TimeoutMs) };
    await next();
  });
  app.use(readApiKey());
  app.route('/v1', v1);
  app.route('/v2', v2);
  app.notFound((c) => c.json(errorBody(notFound(`No endpoint ${c.req.method} ${c.req.path}`)), 404));
  app.onError((thrown, c) => {
    // drizzle wraps what a query threw (a timeout's ApiError among them) as its cause
    const err = apiErrorIn(thrown) ?? thrown;
    if (err instanceof SignInLocked) c.header('retry-after', String(err.retryAfterS));
    if (err instanceof ApiError) return c.json(errorBody(err), err.status);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody(new ApiError(err.status as 400, 'API_BAD_REQUEST_ERROR', err.message)), err.status as 400);
    }
    console.error('origin error', err);
    return c.json(errorBody(new ApiError(500, 'API_ERROR', 'Internal error')), 500);
  });
  return app;
}

/** the ApiError in an error's cause chain, if any */
function apiErrorIn(error: unknown): ApiError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ApiError) return e;
  }
  return undefined;
}

export type OriginApp = ReturnType<typeof createOriginApp>;
