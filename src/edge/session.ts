import { generateCookie } from 'hono/cookie';
import { AUTH_COOKIE, AUTH_TTL_S, parentDomain, sealApiKey } from './auth';

/**
 * The sign-in cookies. Every sign-in answer of the API carries the new API key in its body
 * (`data.api_key`, spec §7; `data.apiKey` for v2/auth/token-login); the edge takes it out,
 * so the key never reaches client JavaScript, and sets:
 * - `zslt_auth_key`: the sealed key (HttpOnly, SameSite=Lax, Secure on https, parent domain, a year);
 * - `zslt_session`: a 16-hex fingerprint of the key, readable by the page, for the §4
 *   cookie-auth rule (another user signed in in another tab, or signed out) without the key.
 * Logout and a key the origin no longer knows clear both.
 */
export const SESSION_COOKIE = 'zslt_session';

export const SIGN_IN_PATHS = new Set([
  '/api/v1/user/register',
  '/api/v1/user/login',
  '/api/v1/user/googlelogin',
  '/api/v1/user/fblogin',
  '/api/v1/user/obtain-api-token',
  '/api/v1/user/password/set',
  '/api/v2/auth/token-login',
]);
export const LOGOUT_PATH = '/api/v1/user/logout';
export const LOGIN_PATH = '/api/v1/user/login';
/**
 * The device cookie of a password sign-in (the origin signs it; src/server/services/accounts/devices.ts):
 * HttpOnly, a year, kept at logout. The edge sends it upstream as `x-device` with a sign-in.
 */
export const DEVICE_COOKIE = 'zslt_device';
export const DEVICE_HEADER = 'x-device';
/** the origin answers this header when the request's key is unknown or revoked */
export const AUTH_INVALID_HEADER = 'x-auth-invalid';

const enc = new TextEncoder();

/** HMAC of the key with the session secret: says which key without giving it away */
export async function sessionFingerprint(apiKey: string, secret: string): Promise<string> {
  const memoKey = `${secret}\n${apiKey}`;
  const known = fingerprints.get(memoKey);
  if (known) return known;
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`session:${apiKey}`)));
  const fingerprint = [...mac.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  if (fingerprints.size >= 2_000) fingerprints.clear();
  fingerprints.set(memoKey, fingerprint);
  return fingerprint;
}

/** the fingerprint is a pure function of key and secret: computed once per isolate */
const fingerprints = new Map<string, string>();

type CookieScope = { hostname: string; https: boolean };
const attributes = ({ hostname, https }: CookieScope) => ({ path: '/', domain: parentDomain(hostname), secure: https, sameSite: 'Lax' as const });

export async function signInCookies(apiKey: string, secret: string, scope: CookieScope): Promise<string[]> {
  return [
    generateCookie(AUTH_COOKIE, await sealApiKey(apiKey, secret), { ...attributes(scope), httpOnly: true, maxAge: AUTH_TTL_S }),
    generateCookie(SESSION_COOKIE, await sessionFingerprint(apiKey, secret), { ...attributes(scope), maxAge: AUTH_TTL_S }),
  ];
}

export const signOutCookies = (scope: CookieScope): string[] => [
  generateCookie(AUTH_COOKIE, '', { ...attributes(scope), httpOnly: true, maxAge: 0 }),
  generateCookie(SESSION_COOKIE, '', { ...attributes(scope), maxAge: 0 }),
];

const withCookies = (res: Response, cookies: string[], body?: BodyInit) => {
  const headers = new Headers(res.headers);
  headers.delete(AUTH_INVALID_HEADER);
  headers.delete('content-length');
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(body === undefined ? res.body : body, { status: res.status, statusText: res.statusText, headers });
};

/**
 * The API answer as the browser gets it: a sign-in's key moved from the body into the
 * cookies; logout and an unknown key clear them; the origin's marker header removed.
 */
export async function settleSession(pathname: string, res: Response, secret: string, scope: CookieScope): Promise<Response> {
  if (pathname === LOGOUT_PATH || res.headers.get(AUTH_INVALID_HEADER)) return withCookies(res, signOutCookies(scope));
  if (!SIGN_IN_PATHS.has(pathname) || !res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return res;
  const json = (await res.json()) as { data?: Record<string, unknown> };
  const data = json.data ?? {};
  const apiKey = data.api_key ?? data.apiKey;
  const device = data.device_token;
  delete data.api_key;
  delete data.apiKey;
  delete data.device_token;
  const deviceCookie = typeof device === 'string' ? [generateCookie(DEVICE_COOKIE, device, { ...attributes(scope), httpOnly: true, maxAge: AUTH_TTL_S })] : [];
  if (typeof apiKey !== 'string') return withCookies(res, deviceCookie, JSON.stringify(json));
  return withCookies(res, [...(await signInCookies(apiKey, secret, scope)), ...deviceCookie], JSON.stringify(json));
}
