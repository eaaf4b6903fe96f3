/** A field error of the §8 validation shape, as the origin sends it and the forms map it. */
export type FieldError = { field: string; code: string; message: string };

/**
 * Server field names → form field paths: `packages.0.weight` → `content.0.weight`,
 * `from.zip` → `sender.zip`, `to.*` → `recipient.*`, `services.cod.*` unchanged.
 */
export function formFieldOf(apiField: string): string {
  return apiField
    .replace(/^packages\./, 'content.')
    .replace(/^from\./, 'sender.')
    .replace(/^to\./, 'recipient.')
    .replace(/\.firstname$/, '.firstName')
    .replace(/\.surname$/, '.lastName')
    .replace(/\.company$/, '.companyName');
}

/** field path → translation id of its first error */
export function fieldErrorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const e of errors) map[formFieldOf(e.field)] ??= e.code;
  return map;
}

/** a translation id ('validation.required', 'rating.error.score') or a spec §5 code ('INVALID_IBAN_FORMAT') */
export const isErrorCode = (text: string): boolean => /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$|^[A-Z][A-Z0-9_]+$/.test(text);

/** the code of a valibot issue whose schema gave no message of its own, by the issue's type */
const CODE_OF_TYPE: Record<string, string> = {
  string: 'validation.string',
  number: 'validation.number',
  boolean: 'validation.boolean',
  array: 'validation.array',
  tuple: 'validation.array',
  object: 'validation.object',
  loose_object: 'validation.object',
  strict_object: 'validation.object',
  object_with_rest: 'validation.object',
  integer: 'validation.integer',
  min_value: 'validation.too_low',
  max_value: 'validation.too_high',
  max_length: 'validation.too_long',
  max_size: 'validation.too_long',
  max_entries: 'validation.too_many',
  email: 'validation.email',
  iso_date: 'validation.date',
  iso_time: 'validation.time',
};

/** schemas that report a missing key themselves */
const KEYED_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'variant']);

type IssueLike = { type: string; input: unknown; message: string; path?: readonly unknown[] };

/**
 * The spec's code (§5, §8) of a valibot issue, never valibot's own text: a missing field is
 * 'validation.required' (valibot reports it with the object's message, or "Invalid key: …"),
 * a schema's own message id stays, anything else gets the code of its kind.
 */
export function issueCode(issue: IssueLike): string {
  const missing = issue.input === undefined;
  if (missing && (issue.path?.length ?? 0) > 0 && KEYED_TYPES.has(issue.type)) return 'validation.required';
  if (isErrorCode(issue.message)) return issue.message;
  if (missing) return 'validation.required';
  return CODE_OF_TYPE[issue.type] ?? 'validation.invalid';
}
