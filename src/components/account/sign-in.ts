import { ApiClientError } from '../../api/client';
import { serverErrors, type FormErrors } from '../../lib/form-errors';
import { href, type PageLocale } from '../../routes';
import { pushAnalytics, type SignInMethod } from '../../state/analytics';

/**
 * A sign-in succeeded: announce it and load the target page in full, so the server renders
 * it (navbar, user menu) for the signed-in user.
 */
export function completeSignIn(method: SignInMethod, to: string): void {
  pushAnalytics({ event: 'completeLogin', method });
  window.location.assign(to);
}

/**
 * A failed account call as a form shows it: its field errors, or none (then the form says
 * in its own words that it failed: the API's message is not in the user's language). Null
 * for a network failure (spec §8: nothing shown) and for a blocked account, which goes to
 * its page.
 */
export function accountFailure(error: unknown, locale: PageLocale): FormErrors | null {
  if (!(error instanceof ApiClientError)) return null;
  if (error.type === 'API_ACCOUNT_DISABLED_ERROR') {
    window.location.assign(href('account-disabled', locale));
    return null;
  }
  return serverErrors(error.errors);
}
