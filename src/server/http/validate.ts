import type { Context } from 'hono';
import * as v from 'valibot';
import { issueCode } from '../../lib/api-errors';
import { badRequest, validationError, type FieldError } from './errors';

/** Max JSON body accepted by the origin (larger bodies answer 413 in the §8 shape). */
export const MAX_JSON_BYTES = 256 * 1024;

const issueField = (issue: v.BaseIssue<unknown>) =>
  (issue.path ?? []).map((p) => String(p.key)).join('.') || '_';

/** valibot issues as §8 field errors: the spec's codes (§5), never valibot's own text */
export const issuesToFieldErrors = (issues: readonly v.BaseIssue<unknown>[]): FieldError[] =>
  issues.map((issue) => {
    const code = issueCode(issue);
    return { field: issueField(issue), code, message: code };
  });

/** Validate any input against a schema, throwing the §8 validation error. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(issuesToFieldErrors(result.issues));
  return result.output;
}

/** Read and validate a JSON body: malformed JSON is a 400, never a 5xx. */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  return parseWith(schema, body);
}

export const readQuery = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> =>
  parseWith(schema, c.req.query());
