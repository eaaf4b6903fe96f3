import * as v from 'valibot';
import { object } from './object';
import { isValidEmail } from '../validators';
import { text } from './fields';

/** Login form (spec §5): inputs trimmed; e-mail required and valid; password required. */
export const LoginSchema = object({
  email: v.pipe(text(true), v.check((value) => value === '' || isValidEmail(value), 'validation.email')),
  password: text(true),
});
export type LoginInput = v.InferInput<typeof LoginSchema>;
export type LoginOutput = v.InferOutput<typeof LoginSchema>;
