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
  let looked: Promise<Session> | undefined;
  c.set('session', () =>
    (looked ??= key
      ? authenticate(c.env.DB, key).then((found) => {
          if (found?.touch) inBackground(c, found.touch(), 'API key last use');
          return found && { user: found.user, keyHash: found.keyHash };
        })
      : Promise.resolve(null)),
  );
  await next();
  if (looked && (await looked) === null) c.header(AUTH_INVALID_HEADER, '1');
};

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
