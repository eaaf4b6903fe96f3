import { ForgottenPasswordForm } from '../components/account/password-forms';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';

export function ForgottenPasswordPage({ locale }: PageProps<'forgotten-password'>) {
  const t = translator(locale);
  return (
    <article className="page auth-page" data-route="forgotten-password">
      <title>{`${t('route.forgotten-password')} | ${t('app.name')}`}</title>
      <h1>{t('route.forgotten-password')}</h1>
      <MessagesProvider messages={pickMessages(locale, ['password.', 'account.'])}>
        <ForgottenPasswordForm locale={linkLocale(locale)} />
      </MessagesProvider>
    </article>
  );
}
