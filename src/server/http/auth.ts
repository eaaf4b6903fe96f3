import type { Context, MiddlewareHandler } from 'hono';
import type { OriginEnv } from '../env';
import { authenticate } from '../services/accounts/sessions';
import { accountDisabled } from '../services/accounts/errors';
import type { UserRow } from '../db/repositories/users';
import { inBackground } from './background';
import { unauthorized } from './errors';

/** The edge tells the origin a key it did not recognise this way, so it can clear the cookie. */
export const AUTH_INVALID_HEADER = 'x-auth-invalid';

/**
 * Reads the request's API key (x-apikey, set by the edge from the sealed cookie): a valid
 * key puts its user on the context; an unknown or revoked one is answered with
 * x-auth-invalid so the edge drops the cookie (a copied cookie stops working after logout).
 */
export const readApiKey = (): MiddlewareHandler<OriginEnv> => async (c, next) => {
  const key = c.req.header('x-apikey');
  if (!key) return next();
  const session = await authenticate(c.env.DB, key);
  if (session) {
    c.set('user', session.user);
    c.set('keyHash', session.keyHash);
    if (session.touch) inBackground(c, session.touch(), 'API key last use');
  }
  await next();
  if (!session) c.header(AUTH_INVALID_HEADER, '1');
};

/** the signed-in user, or 401 (403 when the account is blocked) */
export function requireUser(c: Context<OriginEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  if (user.blockedAt) throw accountDisabled();
  return user;
}
