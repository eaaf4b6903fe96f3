import { createLocalJWKSet, importJWK, SignJWT, type JWK } from 'jose';
import { base64url, hmacSha256, timingSafeEqualText } from '../crypto';
import type { DebugToken, GraphApi, GraphMe } from './facebook';
import { SocialTokenError } from './types';

/**
 * The sandbox identity provider (local development only; labelled sandbox wherever it
 * shows). It issues what the real providers issue, the same way: Google-style ID tokens
 * (RS256 JWTs with its own key, issuer and JWKS) and Facebook-style opaque access tokens
 * that its Graph stand-in inspects. Its RSA key is a development secret (SANDBOX_IDP_JWK,
 * created by `npm run dev-secrets`), so tokens survive restarts and workers agree on them.
 */
export const SANDBOX_ISSUER = 'https://sandbox-idp.invalid';
export const SANDBOX_GOOGLE_CLIENT_ID = 'sandbox-google-client';
export const SANDBOX_FACEBOOK_APP_ID = 'sandbox-facebook-app';
export const SANDBOX_TOKEN_TTL_S = 3600;

export type SandboxPerson = { email: string; firstname: string; surname: string };

const PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

export function sandboxJwks(privateJwk: JWK): { keys: JWK[] } {
  const publicJwk = Object.fromEntries(Object.entries(privateJwk).filter(([k]) => !PRIVATE_PARTS.includes(k))) as JWK;
  return { keys: [{ ...publicJwk, alg: 'RS256', use: 'sig' }] };
}

export const sandboxKeySet = (privateJwk: JWK) => createLocalJWKSet(sandboxJwks(privateJwk));

/** a person's stable subject at the sandbox: derived from the e-mail */
const subjectOf = async (email: string, salt: string) => base64url(await hmacSha256(salt, email.toLowerCase())).slice(0, 21);

/** a Google-style ID token; `overrides` let tests forge one (another audience, an expired one) */
export async function issueSandboxIdToken(
  privateJwk: JWK,
  person: SandboxPerson,
  options: { nonce?: string; audience?: string; issuer?: string; expiresInS?: number; now?: number } = {},
): Promise<string> {
  const key = await importJWK(privateJwk, 'RS256');
  const nowS = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({
    email: person.email.toLowerCase(),
    email_verified: true,
    given_name: person.firstname,
    family_name: person.surname,
    name: `${person.firstname} ${person.surname}`.trim(),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? SANDBOX_ISSUER)
    .setAudience(options.audience ?? SANDBOX_GOOGLE_CLIENT_ID)
    .setSubject(await subjectOf(person.email, 'google'))
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + (options.expiresInS ?? SANDBOX_TOKEN_TTL_S))
    .sign(key);
}

type FacebookClaims = { sub: string; email: string; first: string; last: string; app: string; exp: number };

/** a Facebook-style access token: opaque to the app, `<claims>.<signature>` to the sandbox */
export async function issueSandboxAccessToken(secret: string, person: SandboxPerson, options: { appId?: string; expiresInS?: number; now?: number } = {}): Promise<string> {
  const claims: FacebookClaims = {
    sub: await subjectOf(person.email, 'facebook'),
    email: person.email.toLowerCase(),
    first: person.firstname,
    last: person.surname,
    app: options.appId ?? SANDBOX_FACEBOOK_APP_ID,
    exp: Math.floor((options.now ?? Date.now()) / 1000) + (options.expiresInS ?? SANDBOX_TOKEN_TTL_S),
  };
  const body = base64url(new TextEncoder().encode(JSON.stringify(claims)));
  return `EAAS${body}.${base64url(await hmacSha256(secret, body))}`;
}

async function claimsOf(secret: string, token: string): Promise<FacebookClaims | null> {
  const match = /^EAAS([\w-]+)\.([\w-]+)$/.exec(token);
  if (!match) return null;
  const expected = base64url(await hmacSha256(secret, match[1]!));
  if (!timingSafeEqualText(expected, match[2]!)) return null;
  try {
    const bytes = Uint8Array.from(atob(match[1]!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as FacebookClaims;
  } catch {
    return null;
  }
}

/** the sandbox's Graph API: answers debug_token and /me like the real one, for its own tokens */
export function sandboxGraphApi(secret: string, appSecret: string): GraphApi {
  return {
    async debugToken(inputToken, appToken): Promise<DebugToken> {
      if (appToken !== `${SANDBOX_FACEBOOK_APP_ID}|${appSecret}`) throw new SocialTokenError('Invalid app access token');
      const claims = await claimsOf(secret, inputToken);
      if (!claims) return { app_id: '', is_valid: false };
      return { app_id: claims.app, is_valid: true, user_id: claims.sub, expires_at: claims.exp };
    },
    async me(accessToken): Promise<GraphMe> {
      const claims = await claimsOf(secret, accessToken);
      if (!claims) throw new SocialTokenError('Invalid OAuth access token');
      return { id: claims.sub, email: claims.email, first_name: claims.first, last_name: claims.last };
    },
  };
}
