import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Error shapes of spec §8. Every error body is `{ type, status, message, errors? }`;
 * validation errors list `{ field, code, message }` so the client maps them onto fields.
 */
export type FieldError = { field: string; code: string; message: string };

export type ErrorType =
  | 'FORM_VALIDATION_ERROR'
  | 'API_BAD_REQUEST_ERROR'
  | 'API_UNAUTHORIZED_ERROR'
  | 'API_FORBIDDEN_ERROR'
  | 'API_NOT_FOUND_ERROR'
  | 'API_CONFLICT_ERROR'
  | 'API_UNPROCESSABLE_ERROR'
  | 'API_PAYLOAD_TOO_LARGE_ERROR'
  | 'API_UNSUPPORTED_MEDIA_TYPE_ERROR'
  | 'API_UNAVAILABLE_ERROR'
  | 'API_TOO_MANY_REQUESTS_ERROR'
  | 'API_ACCOUNT_DISABLED_ERROR'
  | 'API_ERROR';

export type ErrorBody = { type: ErrorType; status: number; message: string; errors?: FieldError[] };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: ErrorType,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const validationError = (errors: FieldError[], message = 'Form validation failed') =>
  new ApiError(400, 'FORM_VALIDATION_ERROR', message, errors);
export const badRequest = (message: string) => new ApiError(400, 'API_BAD_REQUEST_ERROR', message);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'API_UNAUTHORIZED_ERROR', message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'API_FORBIDDEN_ERROR', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'API_NOT_FOUND_ERROR', message);

export const errorBody = (e: ApiError): ErrorBody => ({
  type: e.type,
  status: e.status,
  message: e.message,
  ...(e.errors ? { errors: e.errors } : {}),
});

export const sendError = (c: Context, e: ApiError) => c.json(errorBody(e), e.status);
