import { formFieldOfServer } from '../../../lib/configurator-form';
import type { ImportField } from '../../../lib/csv-import/fields';
import type { ColumnMapping } from '../../../lib/csv-import/mapping';
import { fieldOfPath, fieldsOfRow, type CheckedRow, type ExtraCells, type RowError } from '../../../lib/csv-import/rows';
import type { ImportPriceAnswer } from '../../../lib/schemas/import';

/** A row of the import as the page holds it: its cells, the check, the price, whether it is in the cart. */
export type ImportRowState = {
  line: number;
  cells: string[];
  /** fields the file has no column for, filled in the row editor */
  extra: ExtraCells;
  check: CheckedRow;
  /** the origin's answer; null until priced (and again after an edit) */
  price: ImportPriceAnswer | null;
  inCart: boolean;
};

export type RowStatus = 'error' | 'ready' | 'priced' | 'unpriced' | 'inCart';

export function statusOf(row: ImportRowState): RowStatus {
  if (row.inCart) return 'inCart';
  if (row.check.errors.length > 0 || row.price?.status === 'invalid') return 'error';
  if (row.price?.status === 'priced') return 'priced';
  if (row.price?.status === 'unpriced') return 'unpriced';
  return 'ready';
}

/** The row's errors: the page's check, then what the origin refused (its field names mapped onto the columns). */
export function errorsOf(row: ImportRowState, mapping: ColumnMapping): RowError[] {
  if (row.price?.status !== 'invalid') return row.check.errors;
  const mapped = fieldsOfRow(mapping, row.extra);
  return [...row.check.errors, ...row.price.errors.map((error) => ({ field: fieldOfPath(formFieldOfServer(error.field), mapped), code: error.code }))];
}

/** what the row's cell of a field holds, as written (the first column of that field, or the value filled in the editor) */
export function cellOf(row: Pick<ImportRowState, 'cells' | 'extra'>, mapping: ColumnMapping, field: ImportField): string {
  const column = mapping.indexOf(field);
  return column < 0 ? (row.extra[field] ?? '') : (row.cells[column] ?? '');
}
