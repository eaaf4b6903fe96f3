/**
 * Social sign-in as a redirect flow (spec §6: two providers). The button sends the browser
 * to the provider's authorize page with a random `state` (and a `nonce` for Google) kept
 * in sessionStorage; the provider returns to the login page with the token in the URL
 * fragment, where `socialReturn` checks the state before anything is sent to the API.
 */

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** GET v1/auth/providers: `sandbox` when the real client id is not configured (local development), `unavailable` when neither is */
export type ProviderConfig =
  | { mode: 'live' | 'sandbox'; authorizeUrl: string; clientId: string }
  | { mode: 'unavailable'; authorizeUrl: null; clientId: null };
export type UsableProvider = Extract<ProviderConfig, { authorizeUrl: string }>;
export type Providers = Record<SocialProvider, ProviderConfig>;

/** what the login page needs to finish a sign-in it started */
export type PendingSocial = { provider: SocialProvider; state: string; nonce: string; returnTo: string };

export const SOCIAL_ENDPOINT: Record<SocialProvider, '/v1/user/googlelogin' | '/v1/user/fblogin'> = {
  google: '/v1/user/googlelogin',
  facebook: '/v1/user/fblogin',
};

const PENDING_KEY = 'zslt_social';

/** the provider's authorize address: Google answers with an ID token, Facebook with an access token */
export function authorizeUrl(config: UsableProvider, pending: PendingSocial, redirectUri: string): string {
  const url = new URL(config.authorizeUrl, redirectUri);
  const google = pending.provider === 'google';
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', google ? 'id_token' : 'token');
  url.searchParams.set('state', pending.state);
  if (google) url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('scope', google ? 'openid email profile' : 'email public_profile');
  return url.toString();
}

export type SocialReturn =
  | { kind: 'token'; provider: SocialProvider; accessToken: string; returnTo: string }
  /** the user cancelled or the provider refused: spec §8 not-connected */
  | { kind: 'denied'; provider: SocialProvider }
  /** a fragment that this browser did not ask for (another tab, a forged link) */
  | { kind: 'invalid' };

/** the login page's URL fragment after the provider's redirect; null when it is not one */
export function socialReturn(hash: string, pending: PendingSocial | null): SocialReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  const token = params.get('id_token') ?? params.get('access_token');
  const error = params.get('error');
  if (state === null || (token === null && error === null)) return null;
  if (!pending || pending.state !== state) return { kind: 'invalid' };
  if (token === null || token === '') return { kind: 'denied', provider: pending.provider };
  return { kind: 'token', provider: pending.provider, accessToken: token, returnTo: safeReturnPath(pending.returnTo) };
}

/** only a path of this site: anything else (another origin, `//host`) goes home */
export function safeReturnPath(path: string, home = '/'): string {
  return /^\/(?![/\\])/.test(path) ? path : home;
}

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** remembers the attempt in this tab and goes to the provider */
export function startSocialSignIn(provider: SocialProvider, config: UsableProvider, returnTo: string, loginPath: string): void {
  const pending: PendingSocial = { provider, state: randomToken(), nonce: randomToken(), returnTo };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(authorizeUrl(config, pending, `${window.location.origin}${loginPath}`));
}

/** the attempt this tab started, forgotten as it is read: a state is good for one return */
export function takePendingSocial(): PendingSocial | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingSocial>) : null;
    if (!value || !SOCIAL_PROVIDERS.includes(value.provider as SocialProvider) || typeof value.state !== 'string' || typeof value.returnTo !== 'string') return null;
    return { provider: value.provider as SocialProvider, state: value.state, nonce: String(value.nonce ?? ''), returnTo: value.returnTo };
  } catch {
    return null;
  }
}
