import type * as v from 'valibot';
import { fieldErrorMap, issueCode, type FieldError } from './api-errors';

/**
 * Errors of the account forms, client (valibot issues) and server (§8 field errors) alike,
 * as translation ids per field.
 */

/** field name → translation id of its first error */
export type FormErrors = Record<string, string>;

/** A code that is already an id ('validation.email', 'auth.locked') stays; the spec's bare codes (§5) live under validation. */
export const messageIdOf = (code: string): string => (code.includes('.') ? code : `validation.${code}`);

/** valibot issues → the first error of each top-level field */
export function issueErrors(issues: readonly v.BaseIssue<unknown>[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === 'string') errors[field] ??= messageIdOf(issueCode(issue));
  }
  return errors;
}

/** server field errors → the first error of each field */
export function serverErrors(errors: readonly FieldError[]): FormErrors {
  return Object.fromEntries(Object.entries(fieldErrorMap(errors)).map(([field, code]) => [field, messageIdOf(code)]));
}
