'use client';
import { useState } from 'react';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The login dropdown (spec §2.9). Sign-in itself arrives with accounts; until then the
 * form validates what was typed and says plainly that sign-in is not available yet.
 */
export function LoginDropdown({ locale }: { locale: PageLocale }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <details className="dropdown login-dropdown">
      <summary>{t('nav.login')}</summary>
      <form
        className="dropdown-panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = {
            email: email.trim() && !EMAIL.test(email.trim()) ? 'validation.email' : !email.trim() ? 'validation.required' : undefined,
            password: password ? undefined : 'validation.required',
          };
          setErrors(next);
          setNotice(next.email || next.password ? null : 'login.unavailable');
        }}
      >
        <label htmlFor="login-email">{t('login.email')}</label>
        <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} />
        {errors.email && <p className="field-error">{t(errors.email)}</p>}
        <label htmlFor="login-password">{t('login.password')}</label>
        <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={errors.password ? true : undefined} />
        {errors.password && <p className="field-error">{t(errors.password)}</p>}
        <a href={href('forgotten-password', locale)} target="_blank" rel="noopener">
          {t('login.forgotten')}
        </a>
        <button type="submit" className="button primary">
          {t('login.submit')}
        </button>
        {notice && (
          <p className="notice" role="status">
            {t(notice)}
          </p>
        )}
        <a href={href('register', locale)}>{t('login.noAccount')}</a>
        <p className="muted">{t('login.social')}</p>
        <div className="social-buttons">
          <button type="button" className="button" onClick={() => setNotice('login.socialUnavailable')}>
            {t('login.google')}
          </button>
          <button type="button" className="button" onClick={() => setNotice('login.socialUnavailable')}>
            {t('login.facebook')}
          </button>
        </div>
      </form>
    </details>
  );
}
