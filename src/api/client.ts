import type { FieldError } from '../lib/api-errors';

/** The browser's client of the /api gateway (spec §7): JSON in, `{ data }` out, §8 errors thrown. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly errors: FieldError[] = [],
    /** seconds of a 429's Retry-After header */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

type CallOptions = { signal?: AbortSignal; language?: string };

/** the page's language (<html lang>): every call carries one (spec §7), the locale cookie is the visitor's choice, not the page's */
const pageLanguage = () => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined);

const headersFor = (opts: CallOptions, json: boolean): HeadersInit => {
  const language = opts.language ?? pageLanguage();
  return { ...(json ? { 'content-type': 'application/json' } : {}), ...(language ? { language } : {}) };
};

async function failure(res: Response): Promise<ApiClientError> {
  const body = (await res.json().catch(() => null)) as { type?: string; message?: string; errors?: FieldError[] } | null;
  const retryAfter = Number(res.headers.get('retry-after'));
  return new ApiClientError(res.status, body?.type ?? 'API_ERROR', body?.message ?? res.statusText, body?.errors ?? [], retryAfter > 0 ? retryAfter : null);
}

export async function apiGet<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const res = await fetch(`/api${path}`, { headers: headersFor(opts, false), signal: opts.signal });
  if (!res.ok) throw await failure(res);
  return ((await res.json()) as { data: T }).data;
}

export async function apiPost<T>(path: string, body: unknown, opts: CallOptions = {}): Promise<T> {
  const res = await fetch(`/api${path}`, { method: 'POST', headers: headersFor(opts, true), body: JSON.stringify(body), signal: opts.signal });
  if (!res.ok) throw await failure(res);
  return ((await res.json()) as { data: T }).data;
}

/** the last line of a stream that failed after its 200 (the §8 shape under `error`) */
type StreamFailure = { error: { type: string; status: number; message: string } };
const isStreamFailure = (line: unknown): line is StreamFailure =>
  typeof line === 'object' && line !== null && 'error' in line && typeof (line as StreamFailure).error?.type === 'string';

/**
 * POSTs to an NDJSON endpoint and hands over each line as it arrives; resolves with all of
 * them once the stream ends, or throws when the stream ends with a failure line.
 */
export async function apiStream<T>(path: string, body: unknown, onItem: (item: T) => void, opts: CallOptions = {}): Promise<T[]> {
  const res = await fetch(`/api${path}`, { method: 'POST', headers: headersFor(opts, true), body: JSON.stringify(body), signal: opts.signal });
  if (!res.ok || !res.body) throw await failure(res);
  const items: T[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const lines = buffer.split('\n');
    buffer = done ? '' : lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      const item = JSON.parse(line) as T | StreamFailure;
      if (isStreamFailure(item)) throw new ApiClientError(item.error.status, item.error.type, item.error.message);
      items.push(item);
      onItem(item);
    }
    if (done) return items;
  }
}
