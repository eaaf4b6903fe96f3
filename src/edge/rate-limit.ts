import { CARRIER_CODES } from '../lib/types/quote';
import { edgeError } from './errors';

/**
 * Per-client rate limits at the edge, on the platform's rate-limiting binding (wrangler.toml
 * `ratelimits`; simulated by workerd locally). Three budgets:
 * - `expensive`: reads that price or search (quotes, price lists, parcel points, maps);
 * - `write`: unsafe methods of visitors who are not signed in (sign-in, registration,
 *   forms, reports; Step 4's per-account sign-in limits come on top);
 * - `signed`: server-to-server calls the origin checks (carriers' signed tracking events,
 *   the card gateway's notifications, which it confirms with the gateway), per caller and
 *   address: a carrier's burst fits, and nobody else's traffic spends the caller's budget.
 * The periods here must equal the `period` of the bindings (a unit test compares them).
 */
export type RateLimitClass = 'expensive' | 'write' | 'signed';

export const RATE_LIMITS: Record<RateLimitClass, { binding: 'RATE_LIMIT_EXPENSIVE' | 'RATE_LIMIT_WRITES' | 'RATE_LIMIT_SIGNED'; periodS: number }> = {
  expensive: { binding: 'RATE_LIMIT_EXPENSIVE', periodS: 10 },
  write: { binding: 'RATE_LIMIT_WRITES', periodS: 10 },
  signed: { binding: 'RATE_LIMIT_SIGNED', periodS: 10 },
};

export type RateLimitBindings = Partial<Record<(typeof RATE_LIMITS)[RateLimitClass]['binding'], RateLimit>>;

const EXPENSIVE = [
  /^\/api\/v2\/quote\/(find|find\/stream|detail)$/,
  /^\/api\/v1\/rates\/[^/]+$/,
  /^\/api\/v1\/parcelpoints\/(search|find)$/,
  /^\/api\/v1\/carriers\/parcel-point-prices$/,
  /^\/api\/v1\/maps\/(suggest|rgeocode)$/,
  /^\/api\/v1\/import\/price$/,
];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const CARRIER_EVENTS = /^\/api\/v1\/carriers\/([^/]+)\/events$/;

/** the caller of a server-to-server call (a known carrier's signed events; the card gateway's notification, GoPay's GET ?id=), else null */
export function signedCaller(method: string, pathname: string): string | null {
  if (pathname === '/api/v1/payments/card/notify') return method === 'GET' ? 'card-gateway' : null;
  if (method !== 'POST') return null;
  const carrier = CARRIER_EVENTS.exec(pathname)?.[1];
  return carrier && (CARRIER_CODES as readonly string[]).includes(carrier) ? `carrier:${carrier}` : null;
}

export function rateLimitClass(method: string, pathname: string, signedIn: boolean): RateLimitClass | null {
  if (EXPENSIVE.some((re) => re.test(pathname))) return 'expensive';
  if (signedCaller(method, pathname)) return 'signed';
  if (!SAFE.has(method) && !signedIn) return 'write';
  return null;
}

/** The client's address as the platform reports it; one shared key when there is none. */
export const clientAddress = (headers: Headers) => headers.get('cf-connecting-ip') ?? headers.get('x-real-ip') ?? 'unknown';

/**
 * What this isolate last heard from the limiter about a key of the `expensive` class. A key
 * allowed within the last second does not wait for the limiter again: the call still counts
 * (it finishes in the background) and its answer is remembered, so a client past its budget
 * is refused from the next request on. Quotes and searches change nothing, so one read past
 * the budget per isolate is harmless; writes and signed calls always wait (a sign-in attempt
 * past the budget must not get through).
 */
export const DECISION_MEMORY_MS = 1_000;
const MAX_REMEMBERED = 10_000;
const decisions = new Map<string, { at: number; allowed: boolean }>();

const remember = (key: string, allowed: boolean, now: number) => {
  if (decisions.size >= MAX_REMEMBERED) decisions.clear();
  decisions.set(key, { at: now, allowed });
};

/** forgets every remembered decision (tests) */
export const forgetRateLimitDecisions = () => decisions.clear();

const tooMany = (periodS: number) => edgeError(429, 'API_TOO_MANY_REQUESTS_ERROR', `Too many requests; try again in ${periodS} s`, { 'retry-after': String(periodS) });

/**
 * null when the request may go on, else the 429 answer. A missing or failing binding lets
 * the request through (the limiter protects; it must not take the site down). `defer` keeps
 * a background count alive after the answer (the Worker's waitUntil); without it every check waits.
 */
export async function checkRateLimit(
  env: RateLimitBindings,
  request: { method: string; pathname: string; headers: Headers; signedIn: boolean },
  defer?: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<Response | null> {
  const kind = rateLimitClass(request.method, request.pathname, request.signedIn);
  if (!kind) return null;
  const { binding, periodS } = RATE_LIMITS[kind];
  const limiter = env[binding];
  if (!limiter) return null;
  const caller = kind === 'signed' ? `${signedCaller(request.method, request.pathname)}:` : '';
  const key = `${kind}:${caller}${clientAddress(request.headers)}`;
  const known = kind === 'expensive' && defer ? decisions.get(key) : undefined;
  const fresh = known && now - known.at < DECISION_MEMORY_MS;
  if (fresh && !known.allowed) return tooMany(periodS);
  let counted: Promise<boolean>;
  try {
    counted = limiter.limit({ key }).then(({ success }) => {
      if (kind === 'expensive') remember(key, success, Date.now());
      return success;
    });
  } catch (error) {
    console.warn('rate limiter failed, letting the request through', error);
    return null;
  }
  if (fresh && known.allowed) {
    defer!(counted.catch((error: unknown) => console.warn('rate limiter failed in the background', error)));
    return null;
  }
  try {
    if (await counted) return null;
  } catch (error) {
    console.warn('rate limiter failed, letting the request through', error);
    return null;
  }
  return tooMany(periodS);
}
