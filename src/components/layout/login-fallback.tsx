import type { Translate } from '../../i18n';
import { requestData } from '../../request';
import { href, matchRoute, type PageLocale } from '../../routes';

/**
 * The login dropdown's form as plain HTML (rendered on the server): without JavaScript, or
 * before the dropdown's script has loaded, it posts to the login page, which the edge
 * handles (src/edge/forms.ts) and returns to the page it was on.
 */
export function LoginFallback({ locale, t }: { locale: PageLocale; t: Translate }) {
  const from = matchRoute(requestData().path ?? '/')?.id ?? null;
  const query = from ? `?from=${encodeURIComponent(from)}` : '';
  return (
    <div className="login-panel" data-testid="login-dd-fallback">
      <form method="post" action={`${href('login', locale)}${query}`} className="acc-form" aria-label={t('login.title')}>
        <div className="acc-field">
          <label htmlFor="login-dd-email">{t('login.email')}</label>
          <input id="login-dd-email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="acc-field">
          <label htmlFor="login-dd-password">{t('login.password')}</label>
          <input id="login-dd-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <a className="acc-aside-link" href={href('forgotten-password', locale)}>
          {t('login.forgotten')}
        </a>
        <button type="submit" className="button primary" data-testid="login-dd-fallback-submit">
          {t('login.submit')}
        </button>
      </form>
      <p className="acc-register">
        <a href={`${href('register', locale)}${query}`}>{t('login.noAccount')}</a>
      </p>
    </div>
  );
}
