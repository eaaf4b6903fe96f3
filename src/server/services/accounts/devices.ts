import { hex, hmacSha256, randomToken, timingSafeEqualText } from '../../identity/crypto';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a
 * successful password sign-in gives the browser a signed token naming the user. A browser
 * that presents a valid one for the account is not held by that account's lock (failures
 * from elsewhere); its own failures count under its own key instead.
 * The cookie holds up to DEVICE_TOKENS_MAX tokens, one per account, newest first.
 */
export const DEVICE_HEADER = 'x-device';
const DEVICE_TOKENS_MAX = 5;

type DeviceToken = { userId: number; nonce: string; raw: string };

const macOf = async (secret: string, userId: number, nonce: string) => hex((await hmacSha256(secret, `device:${userId}:${nonce}`)).slice(0, 16));

/** the valid tokens of a cookie value: `<userId>_<nonce>_<mac>` joined by dots */
export async function readDeviceTokens(value: string | null | undefined, secret: string): Promise<DeviceToken[]> {
  if (!value) return [];
  const tokens: DeviceToken[] = [];
  for (const raw of value.split('.').slice(0, DEVICE_TOKENS_MAX)) {
    const m = /^(\d{1,12})_([\w-]{16,64})_([0-9a-f]{32})$/.exec(raw);
    if (!m) continue;
    const userId = Number(m[1]);
    if (timingSafeEqualText(m[3]!, await macOf(secret, userId, m[2]!))) tokens.push({ userId, nonce: m[2]!, raw });
  }
  return tokens;
}

/** the token this browser holds for the user, if any */
export const deviceOf = (tokens: readonly DeviceToken[], userId: number) => tokens.find((t) => t.userId === userId) ?? null;

/** the cookie value after a sign-in of `userId`: its token (kept, or new) first, the other accounts' after */
export async function deviceCookieAfterSignIn(tokens: readonly DeviceToken[], userId: number, secret: string): Promise<string> {
  const own = deviceOf(tokens, userId);
  const nonce = own?.nonce ?? randomToken(16);
  const first = own?.raw ?? `${userId}_${nonce}_${await macOf(secret, userId, nonce)}`;
  return [first, ...tokens.filter((t) => t.userId !== userId).map((t) => t.raw)].slice(0, DEVICE_TOKENS_MAX).join('.');
}

/** the key the failures of a trusted browser are counted under (sign_in_attempts.email) */
export const deviceAttemptKey = (token: DeviceToken) => `device:${token.nonce}`;
