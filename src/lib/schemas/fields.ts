import * as v from 'valibot';
import { parseDecimal } from '../validators';

/**
 * Field building blocks shared by the schemas. Two kinds:
 * - `stored*`: lenient, for state read back from storage — a missing or malformed value
 *   becomes the default instead of failing the whole draft;
 * - the rest: user input checks whose messages are translation ids.
 */

export const storedString = (fallback = '') => v.fallback(v.optional(v.string(), fallback), fallback);
export const storedBoolean = (fallback = false) => v.fallback(v.optional(v.boolean(), fallback), fallback);
export const storedNullableString = () => v.fallback(v.nullish(v.string(), null), null);

/** Inputs keep what was typed; older state stored numbers, which become their decimal text. */
export const storedNumberText = () =>
  v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((value) => String(value))), ''),
    '',
  );

/*
 * What a one-line field (a name, an address line, a phone, a reference) refuses: control
 * characters (line breaks and tabs among them), line/paragraph separators and the bidi
 * embeddings, overrides and isolates, which would add lines to invoices and e-mails or
 * reorder what they show. A multi-line field (a note, a message) keeps tab, CR and LF.
 */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const isSingleLine = (value: string) => !NOT_ONE_LINE.test(value);
export const isCleanMultiLine = (value: string) => !NOT_MULTI_LINE.test(value);

/** the check of every one-line text field: 'validation.single_line' */
export const singleLine = () => v.check<string, 'validation.single_line'>(isSingleLine, 'validation.single_line');
/** the check of every multi-line text field: 'validation.control_chars' */
export const multiLine = () => v.check<string, 'validation.control_chars'>(isCleanMultiLine, 'validation.control_chars');

/** Trimmed one-line text; when `required`, empty fails with 'validation.required'. */
export const text = (required: boolean) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.check((value) => !required || value !== '', 'validation.required'),
    singleLine(),
  );

/** Trimmed multi-line text (notes, messages, descriptions): keeps line breaks and tabs. */
export const multiLineText = (required: boolean) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.check((value) => !required || value !== '', 'validation.required'),
    multiLine(),
  );

/** Typed decimal text ('1 234,5') → number > 0, at most `max`. */
export const positiveDecimal = (invalidMessage: string, max?: { value: number; message: string }) =>
  v.pipe(
    v.union([v.string(), v.number()], 'validation.required'),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    v.check((value) => value !== '', 'validation.required'),
    v.transform((value) => parseDecimal(value) ?? Number.NaN),
    v.check((value) => value > 0, invalidMessage),
    v.check((value) => max === undefined || !(value > max.value), max?.message ?? invalidMessage),
  );
