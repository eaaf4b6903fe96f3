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
  const data = await unsealData<AuthSeal>(seal, { password: secret, ttl: AUTH_TTL_S });
  return typeof data.apiKey === 'string' && data.apiKey !== '' ? data.apiKey : null;
}

/** '.example.cz' for 'www.example.cz'; none for IP addresses and single-label hosts */
export function parentDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 2 || labels.at(-1) === 'localhost') return undefined;
  return `.${labels.slice(-2).join('.')}`;
}
