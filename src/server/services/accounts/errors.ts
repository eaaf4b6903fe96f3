import { ApiError, validationError } from '../../http/errors';

/** the §8 answers of the account calls */
export const badCredentials = () =>
  new ApiError(401, 'API_UNAUTHORIZED_ERROR', 'Wrong e-mail or password', [{ field: 'password', code: 'validation.bad_credentials', message: 'validation.bad_credentials' }]);
export const accountDisabled = () => new ApiError(403, 'API_ACCOUNT_DISABLED_ERROR', 'The account is blocked');
export const tokenInvalid = (field = 'token') =>
  new ApiError(401, 'API_UNAUTHORIZED_ERROR', 'The link is invalid, used or expired', [{ field, code: 'validation.token_invalid', message: 'validation.token_invalid' }]);
export const fieldError = (field: string, code: string) => validationError([{ field, code, message: code }]);

/** 429 for a locked sign-in: the router turns `retryAfterS` into the Retry-After header */
export class SignInLocked extends ApiError {
  constructor(readonly retryAfterS: number, field: 'email' | 'password' = 'email') {
    super(429, 'API_TOO_MANY_REQUESTS_ERROR', `Too many failed sign-ins; try again in ${Math.ceil(retryAfterS / 60)} min`, [{ field, code: 'auth.locked', message: 'auth.locked' }]);
  }
}
