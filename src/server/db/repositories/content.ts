import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database } from '../client';
import { replicaDatabase } from '../replica';
import { benefitStats, countries, exchangeRates, headerBar, ratings } from '../schema';

/** Reference data and content: countries, header bar, benefit stats, exchange rates, ratings (all but the rates, which price orders, from the read replica). */

export const allCountries = (d1: D1Database) => replicaDatabase(d1).select().from(countries);
export type CountryRow = typeof countries.$inferSelect;

export const activeHeaderBar = (d1: D1Database, territory: 'cz' | 'sk') =>
  replicaDatabase(d1)
    .select()
    .from(headerBar)
    .where(and(eq(headerBar.territory, territory), eq(headerBar.active, true)))
    .orderBy(desc(headerBar.id))
    .get();

export const benefitStatsRow = (d1: D1Database) => replicaDatabase(d1).select().from(benefitStats).where(eq(benefitStats.id, 1)).get();

/** every stored rate, or only those of the given currencies, by currency */
export const exchangeRateRows = (d1: D1Database, currencies?: string[]) =>
  database(d1)
    .select()
    .from(exchangeRates)
    .where(currencies ? inArray(exchangeRates.currency, currencies) : undefined)
    .orderBy(asc(exchangeRates.currency));

const average = sql<number | null>`ROUND(AVG(${ratings.score}), 2)`;

export const ratingAggregate = (d1: D1Database) => replicaDatabase(d1).select({ avg: average, total: count() }).from(ratings).get();

/** avg and count of a country's ratings; undefined when the country does not exist */
export const countryRatingAggregate = (d1: D1Database, country: string) =>
  replicaDatabase(d1)
    .select({ avg: average, total: count(ratings.id) })
    .from(countries)
    .leftJoin(ratings, eq(ratings.country, countries.code))
    .where(eq(countries.code, country))
    .groupBy(countries.code)
    .get();

export async function ratingsPage(d1: D1Database, order: SQL[], limit: number, offset: number) {
  const db = replicaDatabase(d1);
  const [[total], rows] = await db.batch([
    db.select({ total: count() }).from(ratings),
    db
      .select({ id: ratings.id, author: ratings.author, score: ratings.score, comment: ratings.comment, created_at: ratings.createdAt, carrier: ratings.carrier, country: ratings.country, language: ratings.language })
      .from(ratings)
      // the page's ids by OFFSET along the sort's index (no row read before the page), then their rows
      .where(inArray(ratings.id, db.select({ id: ratings.id }).from(ratings).orderBy(...order).limit(limit).offset(offset)))
      .orderBy(...order),
  ]);
  return { total: total?.total ?? 0, rows };
}

export const ratingColumns = ratings;
