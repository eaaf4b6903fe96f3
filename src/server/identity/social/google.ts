import { decodeProtectedHeader, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { SocialTokenError, type ProviderMode, type SocialProvider } from './types';

/**
 * Google sign-in: the ID token is a JWT signed with one of Google's keys (JWKS). Verified:
 * the signature, the issuer, the audience (our client id), the expiry, and a verified e-mail.
 * The sandbox provider issues the same kind of token with its own key set and issuer.
 */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const decodableHeader = (token: string) => {
  try {
    decodeProtectedHeader(token);
    return true;
  } catch {
    return false;
  }
};

export function googleProvider(config: { mode: ProviderMode; clientId: string; keys: JWTVerifyGetKey; issuers: string[]; authorizeUrl: string }): SocialProvider {
  return {
    id: 'google',
    mode: config.mode,
    clientId: config.clientId,
    authorizeUrl: config.authorizeUrl,
    async verify(token) {
      // a malformed token is refused before jose: its header parse failing also surfaces as an
      // unhandled rejection inside workerd
      if (!JWT_SHAPE.test(token) || !decodableHeader(token)) throw new SocialTokenError('Google ID token refused: malformed');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, config.keys, { issuer: config.issuers, audience: config.clientId, algorithms: ['RS256'], clockTolerance: 30 }));
      } catch (error) {
        const why = error instanceof errors.JOSEError ? error.code : 'ERR_UNKNOWN';
        throw new SocialTokenError(`Google ID token refused: ${why}`);
      }
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.email_verified !== true) {
        throw new SocialTokenError('Google ID token without a verified e-mail');
      }
      return {
        provider: 'google',
        subject: payload.sub,
        email: payload.email.toLowerCase(),
        firstname: typeof payload.given_name === 'string' ? payload.given_name : null,
        surname: typeof payload.family_name === 'string' ? payload.family_name : null,
      };
    },
  };
}
