import { ApiError } from '../../../http/errors';
import { yearDatabases, type YearBindings } from './databases';

/**
 * The reads of a closed year's rows (docs/retention.md, "A D1 database per closed accounting year"):
 * a read by token or number that finds nothing in DB runs again on each year's database, newest first,
 * with that database as `DB` (the moved order, its items, shipments, payments, invoice and ledger are all
 * there). Only a 404 goes on to the next database; any other error is the answer. A token or number
 * that exists nowhere costs one indexed lookup per year database (ten at most: a year is dropped after
 * ten years).
 */
export async function orInYearDatabases<E extends YearBindings & { DB: D1Database }, T>(env: E, read: (env: E) => Promise<T>): Promise<T> {
  try {
    return await read(env);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    for (const { db } of yearDatabases(env)) {
      try {
        return await read({ ...env, DB: db });
      } catch (inYear) {
        if (!(inYear instanceof ApiError && inYear.status === 404)) throw inYear;
      }
    }
    throw error;
  }
}
