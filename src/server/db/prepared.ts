import { fillPlaceholders, type Query } from 'drizzle-orm';
import { database, type Database } from './client';

/**
 * Hot statements built once per D1 binding (issue 29): the query builder spends ~0.1 ms of CPU
 * per statement on building its SQL (entity checks, escaping, merging chunks); a statement
 * prepared here with `sql.placeholder` values is built once per isolate and only bound per request.
 * Keyed by the binding, as database() is: a wrapped binding (the tests' counting and faulty D1)
 * gets its own statements, so its wrapper sees every call.
 */
type Prepared = { stmt: D1PreparedStatement; getQuery(): Query; mapResult(result: unknown, isFromBatch?: boolean): unknown };

/** one statement of a batch, bound, with how its result is mapped */
export type Bound<T> = { statement: D1PreparedStatement; map: (result: D1Result) => T };

/** statements built by `build` once per binding */
export function preparedOnce<T>(build: (db: Database) => T): (d1: D1Database) => T {
  const built = new WeakMap<D1Database, T>();
  return (d1) => {
    let statements = built.get(d1);
    if (!statements) built.set(d1, (statements = build(database(d1))));
    return statements;
  };
}

/** a prepared query (`.prepare()`, with `sql.placeholder` values) bound to this request's values; its result as `execute` would give it */
export function bind<T>(prepared: { execute(values?: Record<string, unknown>): Promise<T> }, values: Record<string, unknown>): Bound<T> {
  const query = prepared as unknown as Prepared;
  return { statement: query.stmt.bind(...fillPlaceholders(query.getQuery().params, values)), map: (result) => query.mapResult(result, true) as T };
}

/** the bound statements in one D1 batch (one round trip), each result mapped as the query builder maps it */
export async function batchOf<T extends readonly Bound<unknown>[]>(d1: D1Database, statements: T): Promise<{ [K in keyof T]: T[K] extends Bound<infer R> ? R : never }> {
  const results = await d1.batch(statements.map((s) => s.statement));
  return statements.map((s, i) => s.map(results[i]!)) as never;
}

/** a query builder's statement among prepared ones, built now (as db.batch builds it); its result as awaiting the builder gives it */
export function built<T>(builder: PromiseLike<T>): Bound<T> {
  const query = (builder as unknown as { _prepare(): Prepared })._prepare();
  return { statement: query.stmt.bind(...query.getQuery().params), map: (result) => query.mapResult(result, true) as T };
}
