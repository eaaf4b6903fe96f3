/**
 * §8 error answers the edge gives itself (before or instead of the origin), in the same
 * `{ type, status, message }` shape the origin uses.
 */
export type EdgeErrorType =
  | 'API_BAD_REQUEST_ERROR'
  | 'API_FORBIDDEN_ERROR'
  | 'API_NOT_FOUND_ERROR'
  | 'API_METHOD_NOT_ALLOWED_ERROR'
  | 'API_PAYLOAD_TOO_LARGE_ERROR'
  | 'API_TOO_MANY_REQUESTS_ERROR'
  | 'API_UNAVAILABLE_ERROR';

export function edgeError(status: number, type: EdgeErrorType, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ type, status, message }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
