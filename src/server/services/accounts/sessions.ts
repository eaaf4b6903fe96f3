import { insertApiKey, revokeApiKey, touchApiKey, userOfKey, type UserRow } from '../../db/repositories/users';
import { hashSecret, newSecret } from '../../identity/keys';

/** API keys: what a sign-in hands out and every authenticated call presents (as x-apikey). */

export type SignInMethod = 'password' | 'register' | 'token' | 'password_set' | 'google' | 'facebook';

/** a new key for the user; the key itself is returned once and stored only as its hash */
export async function issueApiKey(db: D1Database, userId: number, method: SignInMethod): Promise<string> {
  const { secret, hash } = await newSecret();
  await insertApiKey(db, userId, hash, method);
  return secret;
}

/** last_used_at is written at most this often per key: a write per request would be waste */
const TOUCH_EVERY_MS = 5 * 60_000;

/** the user of a key that is not revoked, or null; `touch` runs the last-used write (e.g. after the answer) */
export async function authenticate(db: D1Database, key: string, now = new Date()): Promise<{ user: UserRow; keyHash: string; touch: (() => Promise<unknown>) | null } | null> {
  if (!/^[\w-]{20,100}$/.test(key)) return null;
  const keyHash = await hashSecret(key);
  const found = await userOfKey(db, keyHash);
  if (!found) return null;
  const stale = !found.lastUsedAt || now.getTime() - Date.parse(found.lastUsedAt) > TOUCH_EVERY_MS;
  return { user: found.user, keyHash, touch: stale ? () => touchApiKey(db, found.keyId, now.toISOString()) : null };
}

/** logout: the key stops working everywhere, a copied cookie included */
export const revokeKey = (db: D1Database, keyHash: string, now = new Date()) => revokeApiKey(db, keyHash, now.toISOString());
