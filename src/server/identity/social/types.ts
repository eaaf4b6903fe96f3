/** What a social provider tells us about the person who signed in with it. */
export type SocialIdentity = {
  provider: SocialProviderId;
  /** the provider's stable id of the person */
  subject: string;
  email: string;
  firstname: string | null;
  surname: string | null;
};

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** live: the real provider; sandbox: the local one (local development only); unavailable: neither */
export type ProviderMode = 'live' | 'sandbox' | 'unavailable';

export interface SocialProvider {
  readonly id: SocialProviderId;
  readonly mode: ProviderMode;
  /** what the browser needs to start the redirect flow */
  readonly clientId: string | null;
  readonly authorizeUrl: string | null;
  /** the identity a token proves, or a SocialTokenError */
  verify(token: string): Promise<SocialIdentity>;
}

/** a token that proves nothing: forged, expired, for another app, without an e-mail */
export class SocialTokenError extends Error {
  override readonly name = 'SocialTokenError';
}
