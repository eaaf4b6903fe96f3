import { sealData, unsealData } from 'iron-session';

export const AUTH_COOKIE = 'zslt_auth_key';
/** the seal expires with the cookie: one year */
export const AUTH_TTL_S = 365 * 24 * 60 * 60;

type AuthSeal = { apiKey?: unknown };

export const sealApiKey = (apiKey: string, secret: string) =>
  sealData({ apiKey } satisfies AuthSeal, { password: secret, ttl: AUTH_TTL_S });

/** API key inside a sealed cookie value; null when missing, tampered or expired */
export async function unsealApiKey(seal: string | undefined, secret: string): Promise<string | null> {
  if (!seal) return null;
  const memoKey = `${secret}\n${seal}`;
  const known = unsealed.get(memoKey);
  if (known && known.until > Date.now()) return known.apiKey;
  const data = await unsealData<AuthSeal>(seal, { password: secret, ttl: AUTH_TTL_S });
  const apiKey = typeof data.apiKey === 'string' && data.apiKey !== '' ? data.apiKey : null;
  if (apiKey) {
    if (unsealed.size >= UNSEAL_MEMO_MAX) unsealed.clear();
    // never past the seal's own expiry (Fe26.2*id*salt*iv*data*EXPIRATION*…, ms since the epoch)
    const expires = Number(seal.split('*')[5]);
    unsealed.set(memoKey, { apiKey, until: Math.min(Date.now() + UNSEAL_MEMO_MS, Number.isFinite(expires) && expires > 0 ? expires : Infinity) });
  }
  return apiKey;
}

/**
 * Unsealing costs several WebCrypto calls per page; a cookie seen in this isolate within the
 * last minute is read from memory. Only a successful unseal is kept, keyed by the whole seal
 * (a changed cookie is a new key); revocation is the origin's check of the key, not this one.
 */
export const UNSEAL_MEMO_MS = 60_000;
const UNSEAL_MEMO_MAX = 2_000;
const unsealed = new Map<string, { apiKey: string; until: number }>();

/** '.example.cz' for 'www.example.cz'; none for IP addresses and single-label hosts */
export function parentDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 2 || labels.at(-1) === 'localhost') return undefined;
  return `.${labels.slice(-2).join('.')}`;
}
