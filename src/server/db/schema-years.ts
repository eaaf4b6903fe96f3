// Closed accounting years moved to their own D1 database (docs/retention.md, "A D1 database per closed
// accounting year"; src/server/services/archive/years); re-exported by schema.ts.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per closed year being (or having been) moved to its database: which binding holds it and how
 * far the move got. `cursor` is the resumable position of the phase under way (JSON, services/archive/years/move.ts);
 * copied_at, verified_at and deleted_at are set when the copy, the verification and the delete of the
 * year's rows finished. A later run (orders that closed since) sets them again.
 */
export const archivedYears = sqliteTable('archived_years', {
  year: integer('year').primaryKey(),
  /** the D1 binding of the year's database: 'DB_Y2025' */
  binding: text('binding').notNull(),
  cursor: text('cursor').notNull().default('{}'),
  copiedAt: text('copied_at'),
  verifiedAt: text('verified_at'),
  deletedAt: text('deleted_at'),
});
