import { SetPasswordForm } from '../components/account/password-forms';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';
import { postedState } from '../lib/form-post';
import { requestInfo } from '../request';

/** /nastavit-heslo/:token, from the password-reset e-mail */
export function SetPasswordPage({ locale, params }: PageProps<'set-password'>) {
  const t = translator(locale);
  return (
    <article className="page auth-page" data-route="set-password">
      <title>{`${t('route.set-password')} | ${t('app.name')}`}</title>
      <h1>{t('route.set-password')}</h1>
      <p className="muted">{t('password.setIntro')}</p>
      <MessagesProvider messages={pickMessages(locale, ['password.', 'account.', 'register.passwordHint'])}>
        <SetPasswordForm locale={linkLocale(locale)} token={params.token} posted={postedState(requestInfo().form, 'set-password')} />
      </MessagesProvider>
    </article>
  );
}
