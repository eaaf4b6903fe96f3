import type { MiddlewareHandler } from 'hono';
import { isClaimUploadPath } from '../../lib/claim-files';
import { ApiError, errorBody } from './errors';

/**
 * Bodies are JSON (the browser client and server components always send it). A request
 * with a body-carrying method (POST, PUT, PATCH; DELETE when it has a body) whose
 * Content-Type is anything else, or missing, answers 415 in the §8 shape before a router
 * parses it. Endpoints that take another type say so in OTHER_TYPES (path → accepted types).
 * A request without a body has no type to refuse: it goes on as an empty body (readJson
 * reads it as `{}`, so the endpoint's schema decides).
 */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const OTHER_TYPES: Record<string, RegExp> = {
  // browsers post CSP violation reports as application/csp-report (report-uri) or application/reports+json
  '/api/v1/app/csp-report': /^application\/(?:csp-report|reports\+json|json)\s*(?:;|$)/i,
};

/** the claims' uploads (a new claim, a message with files) are multipart/form-data, with its boundary */
const MULTIPART_TYPE = /^multipart\/form-data\s*;\s*boundary=/i;
const acceptedTypes = (path: string) => OTHER_TYPES[path] ?? (isClaimUploadPath(path) ? MULTIPART_TYPE : JSON_TYPE);

export const jsonBodies = (): MiddlewareHandler => async (c, next) => {
  const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0';
  if (!hasBody || !(BODY_METHODS.has(c.req.method) || c.req.method === 'DELETE')) return next();
  const type = c.req.header('content-type') ?? '';
  const accepted = acceptedTypes(c.req.path);
  if (accepted.test(type)) return next();
  const error = new ApiError(415, 'API_UNSUPPORTED_MEDIA_TYPE_ERROR', `Send the body as ${accepted === MULTIPART_TYPE ? 'multipart/form-data' : 'application/json'}${type ? `, not ${type.split(';')[0]}` : ''}`);
  return c.json(errorBody(error), 415);
};
