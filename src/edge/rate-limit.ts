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
 * The periods here must equal the `period` of the bindings, and each binding's `limit` must be
 * `perPeriod / sample` (a unit test compares them with wrangler.toml): `perPeriod` is the budget
 * a client has, `sample` how many requests one call of the binding stands for (see below).
 */
export type RateLimitClass = 'expensive' | 'write' | 'signed';

type Binding = 'RATE_LIMIT_EXPENSIVE' | 'RATE_LIMIT_WRITES' | 'RATE_LIMIT_SIGNED';
export const RATE_LIMITS: Record<RateLimitClass, { binding: Binding; periodS: number; perPeriod: number; sample: number }> = {
  expensive: { binding: 'RATE_LIMIT_EXPENSIVE', periodS: 10, perPeriod: 60, sample: 5 },
  write: { binding: 'RATE_LIMIT_WRITES', periodS: 10, perPeriod: 30, sample: 1 },
  signed: { binding: 'RATE_LIMIT_SIGNED', periodS: 10, perPeriod: 600, sample: 1 },
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
 * The `expensive` class (reads that price or search and change nothing) is sampled, so the
 * limiter is off the read's path: each isolate counts a key's reads itself and calls the binding
 * once per `sample` (k) reads, in the background (the Worker's waitUntil); the binding's limit in
 * wrangler.toml is the budget divided by k (60 per 10 s: 12 calls of the binding, k = 5). Each
 * call stands for k reads this isolate served, and none is counted twice, so the binding's count
 * × k is what the client read less what isolates have not counted yet: fewer than k per isolate.
 * When an answer says no, the isolate refuses the key for DECISION_MEMORY_MS without asking; then
 * one read asks and waits for an exact answer (it counts 1, not k: a refused client comes back
 * one exact answer at a time), and a yes returns the key to sampling. Writes and signed calls
 * are never sampled: each one waits for its own answer (a sign-in past the budget must not pass).
 *
 * Deployed, the binding's counters are shared by the isolates of a location and a client's reads
 * may spread over m of them; the local simulation and the tests have one. With budget L and k:
 * - one isolate: a client gets between L + 1 and L + k reads in a fixed window before the first
 *   429 (the window's first call may carry up to k - 1 reads from before it; the k-th read's
 *   answer arrives after it is served), plus what is in flight while that answer comes back;
 * - m isolates: at most m(k - 1) reads are uncounted at any time, so a flood is refused after
 *   about L + m·k reads of a window, and each isolate refuses within k reads of hearing no. A
 *   client spread thin (under k reads per isolate) may not be counted at all; the leftovers carry
 *   over to the next windows, so this is a one-time (k - 1) per isolate, not per window. The
 *   other way, leftovers from earlier reads can make a client that is spread over m isolates be
 *   refused from L + k - m(k - 1) reads of a window: they are reads it made, just before.
 * - the table of keys is bounded (MAX_REMEMBERED; emptied when full): that forgets fewer than k
 *   uncounted reads per key.
 * The platform documents its limiter as permissive and eventually consistent across a location;
 * an error of a few reads per isolate is of that order, and only for reads.
 * Locally each limit() is a Durable Object call doing SQLite work in the worker's process: one
 * call per k reads instead of one per read (scripts/bench-limiter.mjs measures the cost).
 */
export const DECISION_MEMORY_MS = 1_000;
const MAX_REMEMBERED = 10_000;
/** per key of the `expensive` class: reads served and not yet counted; since when it is refused (null: it is not) */
const tallies = new Map<string, { uncounted: number; refusedAt: number | null }>();

const tallyOf = (key: string) => {
  let tally = tallies.get(key);
  if (!tally) {
    if (tallies.size >= MAX_REMEMBERED) tallies.clear();
    tally = { uncounted: 0, refusedAt: null };
    tallies.set(key, tally);
  }
  return tally;
};

/** forgets every key's tally and refusal (tests) */
export const forgetRateLimitDecisions = () => tallies.clear();

const tooMany = (periodS: number) => edgeError(429, 'API_TOO_MANY_REQUESTS_ERROR', `Too many requests; try again in ${periodS} s`, { 'retry-after': String(periodS) });

/** asks the limiter; a failure (thrown or rejected) lets the request through */
async function allowed(limiter: RateLimit, key: string): Promise<boolean> {
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    console.warn('rate limiter failed, letting the request through', error);
    return true;
  }
}

/**
 * null when the request may go on, else the 429 answer. A missing or failing binding lets
 * the request through (the limiter protects; it must not take the site down). `defer` keeps
 * a background count alive after the answer (the Worker's waitUntil); without it the sampled
 * call of the `expensive` class waits too.
 */
export async function checkRateLimit(
  env: RateLimitBindings,
  request: { method: string; pathname: string; headers: Headers; signedIn: boolean },
  defer?: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<Response | null> {
  const kind = rateLimitClass(request.method, request.pathname, request.signedIn);
  if (!kind) return null;
  const { binding, periodS, sample } = RATE_LIMITS[kind];
  const limiter = env[binding];
  if (!limiter) return null;
  const caller = kind === 'signed' ? `${signedCaller(request.method, request.pathname)}:` : '';
  const key = `${kind}:${caller}${clientAddress(request.headers)}`;
  if (sample === 1) return (await allowed(limiter, key)) ? null : tooMany(periodS);

  const tally = tallyOf(key);
  if (tally.refusedAt !== null) {
    if (now - tally.refusedAt < DECISION_MEMORY_MS) return tooMany(periodS);
    if (await allowed(limiter, key)) {
      tally.refusedAt = null;
      tally.uncounted = 0;
      return null;
    }
    tally.refusedAt = now;
    return tooMany(periodS);
  }
  if (++tally.uncounted < sample) return null;
  tally.uncounted = 0;
  const counted = allowed(limiter, key).then((yes) => {
    if (!yes) tally.refusedAt = now;
  });
  if (defer) defer(counted);
  else await counted;
  return null;
}
