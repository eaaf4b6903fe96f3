/**
 * Every statement the product sends to D1 passes through the binding's `prepare` (drizzle's
 * D1 driver and the raw `d1.prepare` calls alike), so a binding that records there sees all of
 * them, whichever module built the SQL. Test-only: the worker tests hand it to the app as `DB`.
 */
export type Recorded = Map<string, unknown[]>;

const realOf = new WeakMap<object, D1PreparedStatement>();

function recordingStatement(statement: D1PreparedStatement, sql: string, seen: Recorded): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind') {
        return (...values: unknown[]) => {
          // the first parameters seen for a text are the ones its plan is explained with
          if (!seen.has(sql) || seen.get(sql)!.length === 0) seen.set(sql, values);
          return recordingStatement(target.bind(...values), sql, seen);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  realOf.set(proxy, statement);
  return proxy;
}

/** `d1` recording each distinct SQL text it prepares (with the first parameters bound to it) into `seen` */
export function recordingD1(d1: D1Database, seen: Recorded): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          if (!seen.has(sql)) seen.set(sql, []);
          return recordingStatement(target.prepare(sql), sql, seen);
        };
      }
      // workerd checks the class of a batch's statements: hand it the real ones
      if (prop === 'batch') return (statements: D1PreparedStatement[]) => target.batch(statements.map((s) => realOf.get(s) ?? s));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
