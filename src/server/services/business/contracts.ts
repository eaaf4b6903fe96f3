import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import type { ContractStatus, ContractTier } from '../../../lib/schemas/business';
import { database } from '../../db/client';
import type { UserRow } from '../../db/repositories/users';
import { contracts, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { hashSecret } from '../../identity/keys';
import { notSignable, tokenUnknown, tokenUsed } from './errors';

/**
 * Contracts (issue 12 item 6). The team issues a contract with an activation link; the
 * signed-in customer who opens it activates it: the contract is theirs and active, any
 * earlier active one ends, and their tier (price_type) and has_contract follow it — the
 * only place those two fields are set. Signing is a separate confirmation in the app.
 */

export type ContractRow = typeof contracts.$inferSelect;

export type ContractView = {
  id: number;
  number: string;
  tier: ContractTier;
  status: ContractStatus;
  /** not signed yet (a terminated contract needs no signature) */
  unsigned: boolean;
  signed_at: string | null;
  signed_ip: string | null;
  valid_from: string | null;
  activated_at: string | null;
  created_at: string;
};

const isUnsigned = (c: ContractRow) => c.signedAt === null && c.status !== 'terminated';

export const contractView = (c: ContractRow): ContractView => ({
  id: c.id,
  number: c.number,
  tier: c.tier,
  status: c.status,
  unsigned: isUnsigned(c),
  signed_at: c.signedAt,
  signed_ip: c.signedIp,
  valid_from: c.validFrom,
  activated_at: c.activatedAt,
  created_at: c.createdAt,
});

/** the user's contracts: active first, then pending, then ended; newest first within each */
export async function contractsOf(d1: D1Database, userId: number): Promise<ContractRow[]> {
  const rows = await database(d1).select().from(contracts).where(eq(contracts.userId, userId)).orderBy(desc(contracts.createdAt), desc(contracts.id)).all();
  const rank: Record<ContractStatus, number> = { active: 0, pending: 1, terminated: 2 };
  return rows.sort((a, b) => rank[a.status] - rank[b.status]);
}

/** whether the client-section navigation warns about the contracts entry */
export async function hasUnsignedContract(d1: D1Database, userId: number): Promise<boolean> {
  const row = await database(d1)
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.userId, userId), isNull(contracts.signedAt), ne(contracts.status, 'terminated')))
    .limit(1)
    .get();
  return row !== undefined;
}

const byToken = async (d1: D1Database, token: string) =>
  database(d1).select().from(contracts).where(eq(contracts.activationTokenHash, await hashSecret(token))).get();

export type ActivationState = 'ready' | 'active';

/**
 * What the link does for this user: `ready` to activate, or `active` when it is already
 * their active contract (opening the link again is harmless). Unknown link: 404; a link
 * used by someone else or for an ended contract: 409.
 */
function stateFor(contract: ContractRow | undefined, user: UserRow): ActivationState {
  if (!contract) throw tokenUnknown();
  if ((contract.userId !== null && contract.userId !== user.id) || contract.status === 'terminated') throw tokenUsed();
  return contract.status === 'active' ? 'active' : 'ready';
}

export async function activationPreview(d1: D1Database, user: UserRow, token: string): Promise<{ contract: ContractView; state: ActivationState }> {
  const contract = await byToken(d1, token);
  const state = stateFor(contract, user);
  return { contract: contractView(contract!), state };
}

export async function activateContract(d1: D1Database, user: UserRow, token: string, now = new Date()): Promise<{ contract: ContractView; activated: boolean }> {
  const found = await byToken(d1, token);
  if (stateFor(found, user) === 'active') return { contract: contractView(found!), activated: false };
  const contract = found!;
  const db = database(d1);
  const at = now.toISOString();
  // the later statements act only once the first has made the contract this user's active one
  // (two accounts opening one link at once: the loser changes nothing)
  const mineAndActive = sql`EXISTS (SELECT 1 FROM contracts c WHERE c.id = ${contract.id} AND c.user_id = ${user.id} AND c.status = 'active')`;
  await db.batch([
    db
      .update(contracts)
      .set({ status: 'active', userId: user.id, activatedAt: at, validFrom: contract.validFrom ?? pragueNow(now).date })
      .where(and(eq(contracts.id, contract.id), eq(contracts.status, 'pending'), or(isNull(contracts.userId), eq(contracts.userId, user.id)))),
    db
      .update(contracts)
      .set({ status: 'terminated' })
      .where(and(eq(contracts.userId, user.id), eq(contracts.status, 'active'), ne(contracts.id, contract.id), mineAndActive)),
    db.update(users).set({ priceType: contract.tier, hasContract: true, updatedAt: at }).where(and(eq(users.id, user.id), mineAndActive)),
  ]);
  const after = (await db.select().from(contracts).where(eq(contracts.id, contract.id)).get())!;
  if (after.userId !== user.id || after.status !== 'active') throw tokenUsed();
  return { contract: contractView(after), activated: true };
}

/** the user's own contract, else 404 (another user's id answers like a missing one) */
async function ownContract(d1: D1Database, user: UserRow, id: number): Promise<ContractRow> {
  const row = await database(d1).select().from(contracts).where(and(eq(contracts.id, id), eq(contracts.userId, user.id))).get();
  if (!row) throw notFound('No such contract');
  return row;
}

/**
 * The customer confirms the contract in the app: the time and the address it came from are
 * recorded. Not an electronic signature in the legal sense. Signing twice changes nothing.
 */
export async function signContract(d1: D1Database, user: UserRow, id: number, ip: string, now = new Date()): Promise<ContractView> {
  const contract = await ownContract(d1, user, id);
  if (contract.status === 'terminated') throw notSignable();
  if (contract.signedAt !== null) return contractView(contract);
  const db = database(d1);
  const signed = await db
    .update(contracts)
    .set({ signedAt: now.toISOString(), signedIp: ip.slice(0, 64) })
    .where(and(eq(contracts.id, id), eq(contracts.userId, user.id), isNull(contracts.signedAt)))
    .returning()
    .get();
  return contractView(signed ?? (await ownContract(d1, user, id)));
}
