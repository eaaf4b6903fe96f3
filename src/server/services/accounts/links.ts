import { pathLocaleOf, type ContentLanguage } from '../../../lib/language';
import { href } from '../../../routes';
import type { OriginBindings } from '../../env';

/** absolute links into the site for e-mails: the configured host and scheme of the user's territory */
export function siteUrl(env: OriginBindings, path: string, territory: 'cz' | 'sk' = 'cz'): string {
  const host = (territory === 'sk' ? env.SK_HOST : env.CZ_HOST) ?? env.CZ_HOST ?? 'localhost';
  return `${env.PUBLIC_SCHEME ?? 'https'}://${host}${path}`;
}

/** an account's mail in Slovak links to the Slovak host (its root paths speak Slovak there) */
export const territoryOfLanguage = (language: ContentLanguage): 'cz' | 'sk' => (language === 'sk' ? 'sk' : 'cz');

export const linkTo = {
  login: (language: ContentLanguage) => href('login', pathLocaleOf(language)),
  setPassword: (language: ContentLanguage, token: string) => href('set-password', pathLocaleOf(language), { token }),
  loginToken: (language: ContentLanguage, token: string) => href('login-token', pathLocaleOf(language), { token }),
  confirmEmail: (language: ContentLanguage, token: string) => href('client-activate', pathLocaleOf(language), { id: token }),
};
