/**
 * A D1 binding that counts what passes it (issue 29 item 6): every statement passes the binding's
 * `prepare`; a statement run alone is one round trip, a batch one round trip for all of its statements.
 */
export type Count = { statements: number; roundTrips: number };

export function countingD1(d1: D1Database, count: Count): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === 'run' || prop === 'all' || prop === 'first' || prop === 'raw') {
          return (...args: unknown[]) => {
            count.statements++;
            count.roundTrips++;
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql));
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          count.statements += statements.length;
          count.roundTrips++;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (prop === 'withSession') return (constraint?: string) => countingD1(target.withSession(constraint) as unknown as D1Database, count);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
