/** Builds literal SQL for seed files (run by `wrangler d1 execute --file` and by the worker tests). */
export type SqlValue = string | number | boolean | null;

export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** INSERT ... ON CONFLICT DO UPDATE: idempotent and, unlike REPLACE, never deletes a row that others reference. */
export function upsert(table: string, key: string, row: Record<string, SqlValue>): string {
  const columns = Object.keys(row);
  const updates = columns.filter((c) => c !== key).map((c) => `${c} = excluded.${c}`);
  return (
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => sqlLiteral(row[c])).join(', ')})` +
    ` ON CONFLICT (${key}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'};`
  );
}
