import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { database } from '../client';
import { apiKeys, oneTimeTokens, signInAttempts, socialIdentities, tutorialTasks, users, userSettings, type OneTimeTokenPurpose } from '../schema';

/** Users and what belongs to signing in: API keys, one-time tokens, attempts, social identities, settings. */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const userByEmail = (d1: D1Database, email: string) => database(d1).select().from(users).where(eq(users.email, email)).get();
export const userById = (d1: D1Database, id: number) => database(d1).select().from(users).where(eq(users.id, id)).get();

export const updateUser = (d1: D1Database, id: number, changes: Partial<NewUser>) =>
  database(d1)
    .update(users)
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where(eq(users.id, id))
    .returning()
    .get();

/** a new user and its first API key, together or not at all */
export async function insertUserWithKey(d1: D1Database, user: NewUser, key: { keyHash: string; method: string }): Promise<UserRow> {
  const db = database(d1);
  const [created] = await db.batch([
    db.insert(users).values(user).returning(),
    db
      .insert(apiKeys)
      .values({ userId: sql`(SELECT id FROM users WHERE email = ${user.email})`, keyHash: key.keyHash, method: key.method }),
  ]);
  return created[0]!;
}

// ── API keys ────────────────────────────────────────────────────────────────

export const insertApiKey = (d1: D1Database, userId: number, keyHash: string, method: string) =>
  database(d1).insert(apiKeys).values({ userId, keyHash, method }).run();

/** the user of a key that is not revoked, with the key's row */
export const userOfKey = (d1: D1Database, keyHash: string) =>
  database(d1)
    .select({ user: users, keyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .get();

export const touchApiKey = (d1: D1Database, keyId: number, at: string) => database(d1).update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId)).run();

export const revokeApiKey = (d1: D1Database, keyHash: string, at: string) =>
  database(d1).update(apiKeys).set({ revokedAt: at }).where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt))).run();

/** every key of a user but `keepHash` (after a password change or reset, other sessions end) */
export const revokeOtherKeys = (d1: D1Database, userId: number, keepHash: string | null, at: string) =>
  database(d1)
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), keepHash ? sql`${apiKeys.keyHash} <> ${keepHash}` : undefined))
    .run();

// ── one-time tokens ─────────────────────────────────────────────────────────

export const insertOneTimeToken = (d1: D1Database, token: { userId: number; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: string }) =>
  database(d1).insert(oneTimeTokens).values(token).run();

/**
 * Marks a token used and gives its user, in one statement: a token can be used once, before
 * it expires, for its purpose; a second use (even a concurrent one) finds nothing.
 */
export const consumeOneTimeToken = (d1: D1Database, tokenHash: string, purpose: OneTimeTokenPurpose, at: string) =>
  database(d1)
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, at)))
    .returning({ userId: oneTimeTokens.userId })
    .get();

// ── sign-in attempts ────────────────────────────────────────────────────────

export const recordSignInAttempt = (d1: D1Database, attempt: { email: string; address: string; success: boolean }) =>
  database(d1).insert(signInAttempts).values(attempt).run();

/** when the failed sign-ins of an e-mail or of an address since `since` happened, oldest first (at most `limit`) */
export async function failureTimes(d1: D1Database, by: { email: string } | { address: string }, since: string, limit: number): Promise<string[]> {
  const who = 'email' in by ? eq(signInAttempts.email, by.email) : eq(signInAttempts.address, by.address);
  const rows = await database(d1)
    .select({ at: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(and(who, eq(signInAttempts.success, false), gt(signInAttempts.createdAt, since)))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(limit);
  return rows.map((r) => r.at).reverse();
}

export const deleteSignInAttemptsBefore = (d1: D1Database, before: string) =>
  database(d1).delete(signInAttempts).where(lt(signInAttempts.createdAt, before)).run();

// ── social identities ───────────────────────────────────────────────────────

export const userOfSocialIdentity = (d1: D1Database, provider: 'google' | 'facebook', subject: string) =>
  database(d1)
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .get();

export const linkSocialIdentity = (d1: D1Database, identity: typeof socialIdentities.$inferInsert) =>
  database(d1).insert(socialIdentities).values(identity).onConflictDoNothing().run();

export const socialProvidersOf = (d1: D1Database, userId: number) =>
  database(d1).select({ provider: socialIdentities.provider }).from(socialIdentities).where(eq(socialIdentities.userId, userId));

/** a new account from a social sign-in, its identity and its first key, together */
export async function insertSocialUser(d1: D1Database, user: NewUser, identity: { provider: 'google' | 'facebook'; subject: string }, key: { keyHash: string; method: string }) {
  const db = database(d1);
  const idOf = sql`(SELECT id FROM users WHERE email = ${user.email})`;
  const [created] = await db.batch([
    db.insert(users).values(user).returning(),
    db.insert(socialIdentities).values({ userId: idOf, provider: identity.provider, subject: identity.subject, email: user.email }),
    db.insert(apiKeys).values({ userId: idOf, keyHash: key.keyHash, method: key.method }),
  ]);
  return created[0]!;
}

// ── settings and tutorial ───────────────────────────────────────────────────

export const settingsOf = (d1: D1Database, userId: number) => database(d1).select().from(userSettings).where(eq(userSettings.userId, userId));

export async function storeSettings(d1: D1Database, userId: number, values: Record<string, string>) {
  const db = database(d1);
  const at = new Date().toISOString();
  const writes = Object.entries(values).map(([key, value]) =>
    db
      .insert(userSettings)
      .values({ userId, key, value, updatedAt: at })
      .onConflictDoUpdate({ target: [userSettings.userId, userSettings.key], set: { value, updatedAt: at } }),
  );
  if (writes.length > 0) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
}

export const tutorialOf = (d1: D1Database, userId: number) =>
  database(d1).select({ code: tutorialTasks.code, value: tutorialTasks.value }).from(tutorialTasks).where(eq(tutorialTasks.userId, userId));

export const storeTutorial = (d1: D1Database, userId: number, code: string, value: number) =>
  database(d1)
    .insert(tutorialTasks)
    .values({ userId, code, value })
    .onConflictDoUpdate({ target: [tutorialTasks.userId, tutorialTasks.code], set: { value, updatedAt: new Date().toISOString() } })
    .returning({ code: tutorialTasks.code, value: tutorialTasks.value })
    .get();
