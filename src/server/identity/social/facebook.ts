import { SocialTokenError, type ProviderMode, type SocialProvider } from './types';

/**
 * Facebook sign-in: the access token is opaque; the Graph API's token inspection
 * (`debug_token`, asked with our app token) says whether it is valid, for which app and
 * until when, and `/me` gives the person. `GraphApi` is that transport: the real Graph API
 * over fetch, or the sandbox's.
 */
export type DebugToken = { app_id: string; is_valid: boolean; user_id?: string; expires_at?: number };
export type GraphMe = { id: string; email?: string; first_name?: string; last_name?: string };

export interface GraphApi {
  debugToken(inputToken: string, appToken: string): Promise<DebugToken>;
  me(accessToken: string): Promise<GraphMe>;
}

export const FACEBOOK_AUTHORIZE_URL = 'https://www.facebook.com/v19.0/dialog/oauth';
const GRAPH = 'https://graph.facebook.com/v19.0';

export const liveGraphApi = (fetcher: typeof fetch = fetch): GraphApi => ({
  async debugToken(inputToken, appToken) {
    const res = await fetcher(`${GRAPH}/debug_token?${new URLSearchParams({ input_token: inputToken, access_token: appToken })}`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new SocialTokenError(`Facebook debug_token answered ${res.status}`);
    return ((await res.json()) as { data: DebugToken }).data;
  },
  async me(accessToken) {
    const res = await fetcher(`${GRAPH}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: accessToken })}`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new SocialTokenError(`Facebook /me answered ${res.status}`);
    return (await res.json()) as GraphMe;
  },
});

export function facebookProvider(config: { mode: ProviderMode; appId: string; appSecret: string; graph: GraphApi; authorizeUrl: string; now?: () => number }): SocialProvider {
  return {
    id: 'facebook',
    mode: config.mode,
    clientId: config.appId,
    authorizeUrl: config.authorizeUrl,
    async verify(token) {
      const debug = await config.graph.debugToken(token, `${config.appId}|${config.appSecret}`);
      const nowS = Math.floor((config.now?.() ?? Date.now()) / 1000);
      if (!debug.is_valid || debug.app_id !== config.appId) throw new SocialTokenError('Facebook token not valid for this app');
      if (debug.expires_at !== undefined && debug.expires_at !== 0 && debug.expires_at <= nowS) throw new SocialTokenError('Facebook token expired');
      const me = await config.graph.me(token);
      if (!me.email || me.id !== debug.user_id) throw new SocialTokenError('Facebook account without an e-mail');
      return { provider: 'facebook', subject: me.id, email: me.email.toLowerCase(), firstname: me.first_name ?? null, surname: me.last_name ?? null };
    },
  };
}
