import { database, type Database } from './client';

/**
 * D1 read replication (the Sessions API): reads that may be a little stale (seconds) go to
 * the nearest replica through one 'first-unconstrained' session per binding and isolate (its
 * bookmark keeps them monotonic). Only public reference and content reads use it (docs/d1-reads.md);
 * writes and read-your-writes paths (orders, payments, the client section, sign-in) use the
 * binding itself. Where the binding has no withSession (older runtimes) the binding is used.
 */
export const READ_REPLICA_CONSTRAINT = 'first-unconstrained';

const sessions = new WeakMap<D1Database, D1Database>();

export function readReplica(d1: D1Database): D1Database {
  let session = sessions.get(d1);
  if (!session) {
    // a session answers prepare and batch like the binding, all the query builder uses
    session = typeof d1.withSession === 'function' ? (d1.withSession(READ_REPLICA_CONSTRAINT) as unknown as D1Database) : d1;
    sessions.set(d1, session);
  }
  return session;
}

/** the typed client of the replica session */
export const replicaDatabase = (d1: D1Database): Database => database(readReplica(d1));
