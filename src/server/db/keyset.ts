import { and, lt, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Cursor } from '../../lib/paging';

/**
 * Rows after `cursor` in a list ordered by (key DESC, id DESC). Written as a range on the key
 * (which an index on (…, key) serves) narrowed by the id for ties, rather than as a row value.
 */
export const beforeCursor = (key: SQLiteColumn, id: SQLiteColumn, cursor: Cursor | null | undefined): SQL | undefined =>
  cursor ? and(lte(key, cursor.key), or(lt(key, cursor.key), lt(id, cursor.id))) : undefined;
