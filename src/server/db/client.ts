import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Database = DrizzleD1Database<typeof schema>;

const clients = new WeakMap<D1Database, Database>();

/** The typed client of a D1 binding (one per binding, so per-isolate memos keyed by it hold). */
export function database(d1: D1Database): Database {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = drizzle(d1, { schema })));
  return db;
}
