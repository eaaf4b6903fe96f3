import { unstable_redirect as redirect } from 'waku/router/server';
import { apiGetOptional } from '../api/server';
import { LoginPanel } from '../components/account/login-panel';
import { fromOfQuery, returnPath } from '../components/account/return-to';
import { SocialCallback } from '../components/account/social-callback';
import type { Providers } from '../components/account/social';
import { linkLocale, loadProfile } from '../components/layout/layouts';
import { translator } from '../i18n';
import type { PageProps } from './types';
import { postedState } from '../lib/form-post';
import { requestInfo } from '../request';
import { PageMeta } from '../components/content/page-meta';

/** Sign-in (spec §2.2): `from` names the route to return to; a signed-in visitor goes there at once. */
export async function LoginPage({ locale, query }: PageProps<'login'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const from = fromOfQuery(query);
  const returnTo = returnPath(from, l);
  const [profile, providers] = await Promise.all([loadProfile(), apiGetOptional<Providers>('/v1/auth/providers')]);
  if (profile) redirect(returnTo);
  return (
    <article className="page auth-page" data-route="login">
      <PageMeta locale={locale} title={t('route.login')} description={t('seo.login')} />
      <h1>{t('route.login')}</h1>
      {from && <p className="muted">{t('login.required')}</p>}
      <SocialCallback locale={l}>
        <LoginPanel locale={l} idPrefix="login" returnTo={returnTo} from={from} providers={providers} posted={postedState(requestInfo().form, 'login')} />
      </SocialCallback>
    </article>
  );
}
