import { ApiError } from '../../../http/errors';
import { yearDatabases, type YearBindings } from './databases';

/**
 * What a read of rows that may have moved is given besides `DB`: in the fallback, `DB` is a year's
 * database and `MAIN_DB` the main one, for everything that is never moved (parcel points, users,
 * monthly invoices, settings, reference data: a year database has no such tables). Absent: `DB` is the
 * main database. Read such tables through `mainOf(env)`, never through `DB`.
 */
export type MainBinding = { MAIN_DB?: D1Database };
export const mainOf = (env: { DB: D1Database } & MainBinding): D1Database => env.MAIN_DB ?? env.DB;

/**
 * The reads of a closed year's rows (docs/retention.md, "A D1 database per closed accounting year"):
 * a read by token or number that finds nothing in DB runs again on each year's database, newest first,
 * with that database as `DB` and the main one as `MAIN_DB` (the moved order, its items, shipments,
 * payments, invoice and ledger are all in the year's; what is not moved is read from `MAIN_DB`). Only a
 * 404 goes on to the next database; any other error is the answer. A token or number that exists
 * nowhere costs one indexed lookup per year database (ten at most: a year is dropped after ten years).
 */
export async function orInYearDatabases<E extends YearBindings & { DB: D1Database }, T>(env: E, read: (env: E & MainBinding) => Promise<T>): Promise<T> {
  try {
    return await read(env);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    for (const { db } of yearDatabases(env)) {
      try {
        return await read({ ...env, DB: db, MAIN_DB: env.DB });
      } catch (inYear) {
        if (!(inYear instanceof ApiError && inYear.status === 404)) throw inYear;
      }
    }
    throw error;
  }
}
