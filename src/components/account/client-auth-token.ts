import { apiPost } from '../../api/client';
import { pushAnalytics } from '../../state/analytics';

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
