import { ApiError, notFound } from '../../http/errors';
import { insertSocialUser, linkSocialIdentity, userByEmail, userOfSocialIdentity } from '../../db/repositories/users';
import type { OriginBindings } from '../../env';
import { newSecret } from '../../identity/keys';
import { socialProvider } from '../../identity/social/providers';
import { SocialTokenError, type SocialProviderId } from '../../identity/social/types';
import type { SignedIn } from './account';
import { accountDisabled, badCredentials } from './errors';
import { confirmPassword } from './account';
import { issueApiKey } from './sessions';

const socialFailed = (message: string) => new ApiError(401, 'API_UNAUTHORIZED_ERROR', message, [{ field: 'accessToken', code: 'auth.social_failed', message: 'auth.social_failed' }]);

/** a provider not configured on this deployment is a setting, not an outage: its endpoint does not exist (404) */
export function assertSocialConfigured(env: OriginBindings, id: SocialProviderId): void {
  if (socialProvider(env, id).mode === 'unavailable') throw notFound(`${id} sign-in is not configured here`);
}

/**
 * Social sign-in (Google, Facebook, or the sandbox standing in for them). A known identity
 * signs in; a new identity whose e-mail has no account creates one (the provider verified
 * the address); one whose e-mail belongs to a password account links to it only after that
 * password is confirmed (409 until it is).
 */
export async function signInSocially(env: OriginBindings, id: SocialProviderId, input: { accessToken: string; password?: string }, address: string): Promise<SignedIn & { created: boolean }> {
  const provider = socialProvider(env, id);
  if (provider.mode === 'unavailable') throw notFound(`${id} sign-in is not configured here`);
  let identity;
  try {
    identity = await provider.verify(input.accessToken);
  } catch (error) {
    if (error instanceof SocialTokenError) throw socialFailed(error.message);
    throw error;
  }

  const linked = await userOfSocialIdentity(env.DB, id, identity.subject);
  if (linked) {
    if (linked.user.blockedAt) throw accountDisabled();
    return { user: linked.user, apiKey: await issueApiKey(env.DB, linked.user.id, id), created: false };
  }

  const existing = await userByEmail(env.DB, identity.email);
  if (existing) {
    if (existing.passwordHash) {
      if (input.password === undefined) {
        throw new ApiError(409, 'API_CONFLICT_ERROR', 'Confirm the password of the existing account to link it', [{ field: 'password', code: 'auth.link_requires_password', message: 'auth.link_requires_password' }]);
      }
      if (!(await confirmPassword(env, existing, input.password, address))) throw badCredentials();
    }
    if (existing.blockedAt) throw accountDisabled();
    await linkSocialIdentity(env.DB, { userId: existing.id, provider: id, subject: identity.subject, email: identity.email });
    return { user: existing, apiKey: await issueApiKey(env.DB, existing.id, id), created: false };
  }

  const { secret, hash } = await newSecret();
  const user = await insertSocialUser(
    env.DB,
    { email: identity.email, emailConfirmedAt: new Date().toISOString(), firstname: identity.firstname, surname: identity.surname, segment: 'A' },
    { provider: id, subject: identity.subject },
    { keyHash: hash, method: id },
  );
  return { user, apiKey: secret, created: true };
}
