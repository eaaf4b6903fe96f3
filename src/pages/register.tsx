import { unstable_redirect as redirect } from 'waku/router/server';
import { RegisterForm } from '../components/account/register-form';
import { fromOfQuery, returnPath } from '../components/account/return-to';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale, loadProfile } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import { requestInfo } from '../request';
import { href } from '../routes';
import type { PageProps } from './types';
import { postedState } from '../lib/form-post';
import { PageMeta } from '../components/content/page-meta';

export async function RegisterPage({ locale, query }: PageProps<'register'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const from = fromOfQuery(query);
  const returnTo = returnPath(from, l);
  if (await loadProfile()) redirect(returnTo);
  const loginHref = `${href('login', l)}${from ? `?from=${encodeURIComponent(from)}` : ''}`;
  return (
    <article className="page auth-page wide" data-route="register">
      <PageMeta locale={locale} title={t('route.register')} description={t('seo.register')} />
      <h1>{t('register.title')}</h1>
      <p className="muted">{t('register.intro')}</p>
      <MessagesProvider messages={pickMessages(locale, ['register.', 'account.'])}>
        <RegisterForm locale={l} territory={requestInfo().territory} returnTo={returnTo} loginHref={loginHref} from={from} posted={postedState(requestInfo().form, 'register')} />
      </MessagesProvider>
    </article>
  );
}
