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

/** Trimmed text; when `required`, empty fails with 'validation.required'. */
export const text = (required: boolean) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.check((value) => !required || value !== '', 'validation.required'),
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
