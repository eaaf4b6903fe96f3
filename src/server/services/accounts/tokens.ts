import { consumeOneTimeToken, insertOneTimeToken } from '../../db/repositories/users';
import type { OneTimeTokenPurpose } from '../../db/schema';
import { hashSecret, newSecret, TOKEN_TTL_MS } from '../../identity/keys';

/** a single-use token for a user, valid for its purpose's TTL; returned once, stored hashed */
export async function issueOneTimeToken(db: D1Database, userId: number, purpose: OneTimeTokenPurpose, now = new Date()): Promise<string> {
  const { secret, hash } = await newSecret();
  await insertOneTimeToken(db, { userId, purpose, tokenHash: hash, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]).toISOString() });
  return secret;
}

/** the user id of an unused, unexpired token of that purpose (now used), else null */
export async function consumeToken(db: D1Database, token: string, purpose: OneTimeTokenPurpose, now = new Date()): Promise<number | null> {
  const row = await consumeOneTimeToken(db, await hashSecret(token), purpose, now.toISOString());
  return row?.userId ?? null;
}
