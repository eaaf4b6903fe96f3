import { TokenLogin } from '../components/account/token-actions';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import type { PageProps } from './types';

/** /prihlaseni/:token, the one-time sign-in link of the e-mail */
export function LoginTokenPage({ locale, params }: PageProps<'login-token'>) {
  const t = translator(locale);
  return (
    <article className="page auth-page" data-route="login-token">
      <title>{`${t('route.login-token')} | ${t('app.name')}`}</title>
      <h1>{t('route.login-token')}</h1>
      <TokenLogin locale={linkLocale(locale)} token={params.token} />
    </article>
  );
}
