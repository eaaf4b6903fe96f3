import { apiPost } from '../../api/client';
import { pushAnalytics } from '../../state/analytics';

export const TOKEN_PARAM = 'clientAuthToken';

/** the sign-in token of spec §2.9 leaves the address at once, whatever becomes of it */
export function takeToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(TOKEN_PARAM);
  if (token === null) return null;
  url.searchParams.delete(TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

/**
 * The token of the address, if any, taken out and signed in with (the layout's session watch
 * loads this module only when the address has one): 'signed-in', 'failed' or null (no token).
 */
export async function signInWithAddressToken(): Promise<'signed-in' | 'failed' | null> {
  const token = takeToken();
  if (token === null) return null;
  return (await signInWithClientToken(token)) ? 'signed-in' : 'failed';
}

/** Spec §2.9 `clientAuthToken`: a one-time token for an API key; true when the browser is now signed in. */
export async function signInWithClientToken(token: string): Promise<boolean> {
  try {
    await apiPost('/v1/user/obtain-api-token', { auth_token: token });
  } catch {
    return false;
  }
  pushAnalytics({ event: 'completeLogin', method: 'token' });
  return true;
}
