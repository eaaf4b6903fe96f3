import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_REPLICA_CONSTRAINT } from '../../src/server/db/replica';
import { getBenefitStats } from '../../src/server/services/benefit-stats';
import { getFaq } from '../../src/server/services/content/faq';
import { listCareers, listNews } from '../../src/server/services/content/news';
import { listCountries } from '../../src/server/services/countries';
import { getHeaderBar } from '../../src/server/services/header-bar';
import { searchParcelPointsNear } from '../../src/server/services/parcel-points';
import { getAggregateRating, listRatings } from '../../src/server/services/ratings';
import { recentSales } from '../../src/server/services/recent-sales';
import { browser, dataOf } from './client';

/** the binding with its statements recorded: those prepared on it, and those of the sessions it opened (read replicas) */
function recorded() {
  const direct: string[] = [];
  const replica: string[] = [];
  const constraints: unknown[] = [];
  const record = <T extends object>(target: T, into: string[]) =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'prepare') return (sql: string) => (into.push(sql), (t as unknown as D1Database).prepare(sql));
        const value = Reflect.get(t, prop, t) as unknown;
        return typeof value === 'function' ? value.bind(t) : value;
      },
    });
  const db = new Proxy(record(env.DB, direct), {
    get(t, prop) {
      if (prop === 'withSession')
        return (constraint: string) => {
          constraints.push(constraint);
          // feature-detected like the helper: locally without sessions the binding stands in
          return record(typeof env.DB.withSession === 'function' ? env.DB.withSession(constraint as D1SessionConstraint) : env.DB, replica);
        };
      return Reflect.get(t, prop, t) as unknown;
    },
  });
  return { db: db as D1Database, direct, replica, constraints };
}

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'jana@example.cz' });

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe('D1 reads: the replica for stale-tolerant public reads, the primary for the rest', () => {
  it('the runtime has the Sessions API', () => {
    expect(typeof env.DB.withSession).toBe('function');
  });

  it('ratings, countries, content, parcel points, benefit stats, header bar and recent sales read through a first-unconstrained session', async () => {
    const reads: [string, (db: D1Database) => Promise<unknown>][] = [
      ['ratings', (db) => getAggregateRating(db)],
      ['ratings page', (db) => listRatings(db, 1, 'newest')],
      ['countries', (db) => listCountries(db, 'cs')],
      ['faq', (db) => getFaq(db, 'cs', { get_all: true })],
      ['news', (db) => listNews(db, 'cs', 1)],
      ['careers', (db) => listCareers(db, 'cs')],
      ['parcel points', (db) => searchParcelPointsNear(db, { lat: 50.0875, lng: 14.4213 }, { limit: 5 })],
      ['benefit stats', (db) => getBenefitStats(db)],
      ['header bar', (db) => getHeaderBar(db, 'cz', 'cs')],
      ['recent sales', (db) => recentSales(db)],
    ];
    for (const [name, read] of reads) {
      const { db, direct, replica, constraints } = recorded();
      await read(db);
      expect({ name, direct, constraints, replica: replica.length > 0 }).toEqual({ name, direct: [], constraints: [READ_REPLICA_CONSTRAINT], replica: true });
    }
  });

  it('an order, its payment and the order page read and write the primary only', { timeout: 30_000 }, async () => {
    const { db, direct, replica } = recorded();
    const b = browser();
    const res = await b.call(
      'POST',
      '/api/v1/orders',
      { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true },
      { 'idempotency-key': `rep-${crypto.randomUUID()}` },
      { DB: db },
    );
    const order = await dataOf<{ token: string }>(res);
    await dataOf(await b.call('GET', `/api/v1/orders/${order.token}`, undefined, {}, { DB: db }));
    const touching = replica.filter((sql) => /"(orders|order_items|payments|shipments|idempotency_keys|users|api_keys|ledger_entries|credit_entries)"/.test(sql) || /^\s*(insert|update|delete)/i.test(sql));
    expect(touching).toEqual([]);
    expect(direct.filter((sql) => /insert into "orders"/i.test(sql))).toHaveLength(1);
  });
});
