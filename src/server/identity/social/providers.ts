import type { JWK } from 'jose';
import { createRemoteJWKSet } from 'jose';
import type { OriginBindings } from '../../env';
import { isLocalDev } from '../../env';
import { facebookProvider, FACEBOOK_AUTHORIZE_URL, liveGraphApi } from './facebook';
import { GOOGLE_AUTHORIZE_URL, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, googleProvider } from './google';
import { SANDBOX_FACEBOOK_APP_ID, SANDBOX_GOOGLE_CLIENT_ID, SANDBOX_ISSUER, sandboxGraphApi, sandboxKeySet } from './sandbox';
import { SocialTokenError, type SocialProvider, type SocialProviderId } from './types';

/** where the sandbox's authorize pages are (src/server/sandbox) */
export const SANDBOX_AUTHORIZE = { google: '/_sandbox/idp/google/authorize', facebook: '/_sandbox/idp/facebook/authorize' } as const;

const unavailable = (id: SocialProviderId): SocialProvider => ({
  id,
  mode: 'unavailable',
  clientId: null,
  authorizeUrl: null,
  verify: async () => {
    throw new SocialTokenError(`${id} sign-in is not configured`);
  },
});

let googleKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

/** the sandbox's key (a development secret) */
export function sandboxJwk(env: OriginBindings): JWK | null {
  if (!env.SANDBOX_IDP_JWK) return null;
  try {
    return JSON.parse(env.SANDBOX_IDP_JWK) as JWK;
  } catch {
    console.error('SANDBOX_IDP_JWK is not JSON');
    return null;
  }
}

/** the Facebook sandbox's signing secret and app secret, derived from the session secret */
export const sandboxFacebookSecrets = (env: OriginBindings) => ({ secret: `${env.SESSION_SECRET ?? ''}:sandbox-graph`, appSecret: `${env.SESSION_SECRET ?? ''}:sandbox-app` });

/**
 * The provider behind each social button: the real one when its client id is configured;
 * otherwise, in local development, the sandbox identity provider; otherwise none.
 */
export function socialProvider(env: OriginBindings, id: SocialProviderId): SocialProvider {
  if (id === 'google') {
    if (env.GOOGLE_CLIENT_ID) {
      googleKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
      return googleProvider({ mode: 'live', clientId: env.GOOGLE_CLIENT_ID, keys: googleKeys, issuers: GOOGLE_ISSUERS, authorizeUrl: GOOGLE_AUTHORIZE_URL });
    }
    const jwk = isLocalDev(env) ? sandboxJwk(env) : null;
    if (!jwk) return unavailable('google');
    return googleProvider({ mode: 'sandbox', clientId: SANDBOX_GOOGLE_CLIENT_ID, keys: sandboxKeySet(jwk), issuers: [SANDBOX_ISSUER], authorizeUrl: SANDBOX_AUTHORIZE.google });
  }
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET) {
    return facebookProvider({ mode: 'live', appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET, graph: liveGraphApi(), authorizeUrl: FACEBOOK_AUTHORIZE_URL });
  }
  if (!isLocalDev(env) || !env.SESSION_SECRET) return unavailable('facebook');
  const { secret, appSecret } = sandboxFacebookSecrets(env);
  return facebookProvider({ mode: 'sandbox', appId: SANDBOX_FACEBOOK_APP_ID, appSecret, graph: sandboxGraphApi(secret, appSecret), authorizeUrl: SANDBOX_AUTHORIZE.facebook });
}
