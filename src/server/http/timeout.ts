import { ApiError } from './errors';

/** D1 reads in the request path answer within this, or the request answers 503 (§8 shape) */
export const D1_TIMEOUT_MS = 5_000;
/** KV is a cache: slower than this, it is bypassed */
export const KV_TIMEOUT_MS = 1_000;

/** `work`, or a 503 API_UNAVAILABLE_ERROR naming `what` when it takes longer than `ms` */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(503, 'API_UNAVAILABLE_ERROR', `${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** a cached value, or null when KV misses, fails or is slow (the caller computes it instead) */
export async function readCache<T>(kv: KVNamespace | undefined, key: string): Promise<T | null> {
  if (!kv) return null;
  try {
    return await withTimeout(kv.get<T>(key, 'json'), KV_TIMEOUT_MS, 'KV');
  } catch (error) {
    console.warn('KV read failed or was slow, computing instead', error);
    return null;
  }
}

/** the event loop gets a turn: long synchronous work between awaits would hold every other request of the isolate */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const READS = new Set(['all', 'first', 'raw']);
const targets = new WeakMap<object, D1PreparedStatement>();
/** per bound (ms), per database: one wrapper each */
const bounded = new Map<number, WeakMap<D1Database, D1Database>>();

function boundedStatement(statement: D1PreparedStatement, ms: number): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind') return (...values: unknown[]) => boundedStatement(target.bind(...values), ms);
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (READS.has(prop as string)) return (...args: unknown[]) => withTimeout(value.apply(target, args), ms, 'The database');
      return value.bind(target);
    },
  });
  targets.set(proxy, statement);
  return proxy;
}

/**
 * The database with every read (all, first, raw, and batches: the ratings page reads in one)
 * bounded by `ms`: a D1 that does not answer makes the request answer 503 in the §8 shape
 * instead of hanging. Writes (run) are not cut short. Batches get the real statements back
 * (workerd checks their class). One wrapper per database, so what is keyed
 * by the database (the exchange-rate memo) still finds it.
 */
export function withBoundedReads(db: D1Database, ms = D1_TIMEOUT_MS): D1Database {
  let wrappers = bounded.get(ms);
  if (!wrappers) bounded.set(ms, (wrappers = new WeakMap()));
  let proxy = wrappers.get(db);
  if (!proxy) {
    proxy = new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => boundedStatement(target.prepare(sql), ms);
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) => withTimeout(target.batch(statements.map((s) => targets.get(s) ?? s)), ms, 'The database');
        }
        // a read-replica session (db/replica.ts) keeps the bound
        if (prop === 'withSession' && typeof target.withSession === 'function') return (constraint?: string) => withBoundedReads(target.withSession(constraint) as unknown as D1Database, ms);
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    wrappers.set(db, proxy);
  }
  return proxy;
}
