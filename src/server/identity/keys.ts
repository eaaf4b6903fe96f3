import { randomToken, sha256Hex } from './crypto';

/**
 * API keys and one-time tokens: 32 random bytes the holder keeps; the database keeps only
 * their SHA-256, so a copy of the database signs no one in.
 */
export async function newSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomToken(32);
  return { secret, hash: await sha256Hex(secret) };
}

export const hashSecret = (secret: string) => sha256Hex(secret);

/** How long one-time tokens last (issue 9): login links 15 minutes, the others an hour; confirming an e-mail a week. */
export const TOKEN_TTL_MS = { login: 15 * 60_000, password_reset: 60 * 60_000, email_confirm: 7 * 24 * 60 * 60_000 } as const;
