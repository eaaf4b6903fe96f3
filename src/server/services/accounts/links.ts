import { href } from '../../../routes';
import type { OriginBindings } from '../../env';

/** absolute links into the site for e-mails: the configured host and scheme of the user's territory */
export function siteUrl(env: OriginBindings, path: string, territory: 'cz' | 'sk' = 'cz'): string {
  const host = (territory === 'sk' ? env.SK_HOST : env.CZ_HOST) ?? env.CZ_HOST ?? 'localhost';
  return `${env.PUBLIC_SCHEME ?? 'https'}://${host}${path}`;
}

export const linkTo = {
  login: (language: 'cs' | 'en') => href('login', language),
  setPassword: (language: 'cs' | 'en', token: string) => href('set-password', language, { token }),
  loginToken: (language: 'cs' | 'en', token: string) => href('login-token', language, { token }),
  confirmEmail: (language: 'cs' | 'en', token: string) => href('client-activate', language, { id: token }),
};
