import { guessFields, isImportField, foldText, type ImportField } from './fields';

/**
 * The mapping of a file: the field of each column (by position), null for a column the
 * import ignores. What the user chose is remembered per header (normalized), so the next
 * file with the same headers maps itself; headers never seen are guessed.
 */
export type ColumnMapping = (ImportField | null)[];

/** normalized header → the field chosen for it, or null for "ignore" */
export type RememberedMapping = Record<string, ImportField | null>;

export const MAX_REMEMBERED_HEADERS = 200;

export function mappingFor(headers: readonly string[], remembered: RememberedMapping = {}): ColumnMapping {
  const guessed = guessFields(headers);
  const taken = new Set<ImportField>();
  const chosen = headers.map((header): ImportField | null | undefined => {
    const key = foldText(header);
    if (!(key in remembered)) return undefined;
    const field = remembered[key] ?? null;
    // Stryker disable next-line ConditionalExpression: a null field is returned as null either way (taken.has(null) is false)
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  return chosen.map((field, i) => {
    if (field !== undefined) return field;
    const guess = guessed[i] ?? null;
    // Stryker disable next-line ConditionalExpression: as above, taken never holds null
    if (guess === null || taken.has(guess)) return null;
    taken.add(guess);
    return guess;
  });
}

/** The mapping to remember: what was remembered before, updated with this file's headers. */
export function rememberMapping(headers: readonly string[], mapping: ColumnMapping, before: RememberedMapping = {}): RememberedMapping {
  const next: RememberedMapping = { ...before };
  headers.forEach((header, i) => {
    const key = foldText(header);
    if (key === '') return;
    delete next[key];
    next[key] = mapping[i] ?? null;
  });
  // the latest headers last: the oldest are dropped first
  const entries = Object.entries(next);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED_HEADERS)));
}

/** A column taking a field releases it from any other column. */
export function assignField(mapping: ColumnMapping, column: number, field: ImportField | null): ColumnMapping {
  // Stryker disable next-line ConditionalExpression: "ignore" (null) put on an empty column leaves it null either way
  return mapping.map((current, i) => (i === column ? field : field !== null && current === field ? null : current));
}

/** The stored mapping, whatever was stored: unknown fields and odd keys are dropped. */
export function readRemembered(value: unknown): RememberedMapping {
  // Stryker disable next-line ConditionalExpression: a string's or number's entries are single characters or none, never a field
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([key, field]) => key.length > 0 && key.length <= 100 && (field === null || isImportField(field)),
  );
  return Object.fromEntries(entries.slice(-MAX_REMEMBERED_HEADERS)) as RememberedMapping;
}
