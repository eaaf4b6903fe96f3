import { ForgottenPasswordForm } from '../components/account/password-forms';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';
import { postedState } from '../lib/form-post';
import { requestInfo } from '../request';
import { PageMeta } from '../components/content/page-meta';

export function ForgottenPasswordPage({ locale }: PageProps<'forgotten-password'>) {
  const t = translator(locale);
  return (
    <article className="page auth-page" data-route="forgotten-password">
      <PageMeta locale={locale} title={t('route.forgotten-password')} description={t('seo.forgotten-password')} />
      <h1>{t('route.forgotten-password')}</h1>
      <MessagesProvider messages={pickMessages(locale, ['password.', 'account.'])}>
        <ForgottenPasswordForm locale={linkLocale(locale)} posted={postedState(requestInfo().form, 'forgotten')} />
      </MessagesProvider>
    </article>
  );
}
