import * as v from 'valibot';
import { IMPORT_FIELDS } from '../../../lib/csv-import/fields';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../lib/csv-import/limits';
import { object } from '../../../lib/schemas/object';
import { DELIMITERS } from '../../../lib/csv-import/parse';

/**
 * The import in progress, kept in the tab's session storage: after paying one order the
 * user comes back to the rows that are not in the cart yet. Prices are not kept (they are
 * asked for again); what is read back is checked like any stored state.
 */
const KEY = 'zasilkovac:import:v1';

const SessionSchema = object({
  name: v.pipe(v.string(), v.maxLength(300)),
  encoding: v.pipe(v.string(), v.maxLength(40)),
  delimiter: v.picklist(DELIMITERS),
  headers: v.pipe(v.array(v.string()), v.maxLength(MAX_IMPORT_COLUMNS)),
  mapping: v.pipe(v.array(v.nullable(v.picklist(IMPORT_FIELDS))), v.maxLength(MAX_IMPORT_COLUMNS)),
  rows: v.pipe(
    v.array(object({ line: v.number(), cells: v.array(v.string()), extra: v.optional(v.record(v.picklist(IMPORT_FIELDS), v.string()), {}), inCart: v.boolean() })),
    v.maxLength(MAX_IMPORT_ROWS),
  ),
});
export type ImportSession = v.InferOutput<typeof SessionSchema>;

export function readSession(): ImportSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = v.safeParse(SessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeSession(session: ImportSession | null): void {
  try {
    if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
    else sessionStorage.removeItem(KEY);
  } catch {
    // a full or blocked storage only loses the resume after paying
  }
}
