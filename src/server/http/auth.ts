import type { Context, MiddlewareHandler } from 'hono';
import type { OriginEnv } from '../env';
import { authenticate } from '../services/accounts/sessions';
import { accountDisabled } from '../services/accounts/errors';
import type { UserRow } from '../db/repositories/users';
import { inBackground } from './background';
import { unauthorized } from './errors';

/** The origin tells the edge a key it did not recognise this way, so the edge clears the cookie. */
export const AUTH_INVALID_HEADER = 'x-auth-invalid';

export type Session = { user: UserRow; keyHash: string } | null;

/**
 * The request's API key (x-apikey, set by the edge from the sealed cookie) is looked up only
 * when a handler asks for the user: a page render calls several public endpoints with the
 * key, and none of them should cost a database read. An unknown or revoked key is answered
 * with x-auth-invalid so the edge drops the cookie (a copied cookie stops working after logout).
 */
export const readApiKey = (): MiddlewareHandler<OriginEnv> => async (c, next) => {
  const key = c.req.header('x-apikey');
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD' || READ_ONLY_POSTS.has(c.req.path);
  let looked: Promise<Session> | undefined;
  c.set('session', () =>
    (looked ??= !key
      ? Promise.resolve(null)
      : (reads && recalledSession(key)) ||
        authenticate(c.env.DB, key).then((found) => {
          if (found?.touch) inBackground(c, found.touch(), 'API key last use');
          const session = found && { user: found.user, keyHash: found.keyHash };
          if (session && reads) rememberSession(key, session);
          return session;
        })),
  );
  // a write may change the user or end the key: the next read asks again
  if (key && !reads) sessions.delete(key);
  await next();
  if (key && !reads) sessions.delete(key);
  // only a key that was sent can be unknown: a guest's call that asks for the user (checkout, payment
  // methods) is answered without the marker, so the edge does not rebuild its answer with sign-out cookies
  if (key && looked && (await looked) === null) c.header(AUTH_INVALID_HEADER, '1');
};

/**
 * POSTs that only read (the spec §7 gives them a body for their query): every client page's
 * unpaid-invoice bar asks the invoice list, and a signed-in comparison asks quote/find and
 * quote/detail; as writes they made the next page check the key in D1 again. Safe as reads: none
 * changes the user, the key or anything a session guards (the quote and the price lists do not
 * read the session at all; the rates cache they may write is the same for everyone), so the
 * remembered session (at most SESSION_MEMORY_MS old) decides no more than a GET's does.
 */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set([
  '/api/v2/user/invoice/list',
  '/api/v2/quote/find',
  '/api/v2/quote/find/stream',
  '/api/v2/quote/detail',
  '/api/v1/rates/list',
]);

/**
 * Reads (GET, READ_ONLY_POSTS) remember the key's session for a few seconds per isolate: a client page makes
 * several in-process API calls with the same key, and each asked D1 again. Writes always
 * check the key in D1 and clear the memory; a key revoked in another isolate can still read
 * there for at most SESSION_MEMORY_MS.
 */
export const SESSION_MEMORY_MS = 5_000;
const SESSION_MEMORY_MAX = 1_000;
const sessions = new Map<string, { session: NonNullable<Session>; until: number }>();

function recalledSession(key: string): Promise<Session> | undefined {
  const remembered = sessions.get(key);
  return remembered && remembered.until > Date.now() ? Promise.resolve(remembered.session) : undefined;
}

function rememberSession(key: string, session: NonNullable<Session>) {
  if (sessions.size >= SESSION_MEMORY_MAX) sessions.delete(sessions.keys().next().value!);
  sessions.set(key, { session, until: Date.now() + SESSION_MEMORY_MS });
}

/** the signed-in session of the request, or null */
export const sessionOf = (c: Context<OriginEnv>): Promise<Session> => c.get('session')?.() ?? Promise.resolve(null);

/** the signed-in user, or null (blocked accounts count as signed out) */
export const currentUser = async (c: Context<OriginEnv>): Promise<UserRow | null> => {
  const session = await sessionOf(c);
  return session && !session.user.blockedAt ? session.user : null;
};

/** the signed-in user, or 401 (403 when the account is blocked) */
export async function requireUser(c: Context<OriginEnv>): Promise<UserRow> {
  const session = await sessionOf(c);
  if (!session) throw unauthorized();
  if (session.user.blockedAt) throw accountDisabled();
  return session.user;
}
