'use client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { apiPost, ApiClientError } from '../../api/client';
import { issueCode } from '../../lib/api-errors';
import { issueErrors, type FormErrors } from '../../lib/form-errors';
import { LoginSchema } from '../../lib/schemas/login';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { focusFirstInvalid, FormMessage, SubmitButton, TextInput } from './form-kit';
import { accountFailure, completeSignIn } from './sign-in';
import { SocialButtons } from './social-buttons';
import type { Providers } from './social';
import type { FormPostState } from '../../lib/form-post';

type Props = {
  locale: PageLocale;
  /** the dropdown's fields need ids of their own: the login page shows both */
  idPrefix: string;
  /** where a signed-in user goes; the dropdown returns to the page it is on */
  returnTo: string | null;
  /** the route name the visitor came from (spec §2.2), passed on to the registration */
  from: string | null;
  providers?: Providers | null;
  /** the outcome of this form posted without JavaScript (the edge rendered the page again) */
  posted?: FormPostState | null;
};

/** the page the dropdown is on, without a sign-in token in its query */
const currentPage = () => {
  const url = new URL(window.location.href);
  url.searchParams.delete('clientAuthToken');
  return `${url.pathname}${url.search}`;
};

/**
 * Sign-in with e-mail and password (spec §2.9, §5): inputs trimmed, the e-mail required
 * and valid, the password required; server errors on the same fields. A wrong password
 * empties the password field and nothing else. Also: a one-time sign-in link by e-mail,
 * the forgotten-password page in a new tab, registration, and the social providers.
 */
export function LoginPanel({ locale, idPrefix, returnTo, from, providers, posted }: Props) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(posted?.errors ?? {});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(posted?.message ? { kind: posted.message.kind, text: t(posted.message.id, posted.message.values) } : null);
  const [busy, setBusy] = useState<'login' | 'link' | null>(null);

  const target = () => returnTo ?? currentPage();
  const fromQuery = from ? `?from=${encodeURIComponent(from)}` : '';
  const registerHref = `${href('register', locale)}${fromQuery}`;

  const fail = (next: FormErrors, text: string | null = null) => {
    setErrors(next);
    setMessage(text ? { kind: 'error', text } : null);
    focusFirstInvalid(form.current);
  };

  const signIn = async () => {
    const parsed = v.safeParse(LoginSchema, { email, password });
    if (!parsed.success) return fail(issueErrors(parsed.issues));
    setBusy('login');
    try {
      await apiPost('/v1/user/login', parsed.output, { language: locale });
      completeSignIn('password', target());
    } catch (error) {
      setBusy(null);
      setPassword('');
      if (error instanceof ApiClientError && error.status === 429) {
        const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 900) / 60));
        return fail({}, t('login.locked', { minutes }));
      }
      const fields = accountFailure(error, locale);
      if (fields) fail(fields, Object.keys(fields).length > 0 ? null : t('login.failed'));
    }
  };

  const sendLink = async () => {
    const parsed = v.safeParse(LoginSchema.entries.email, email);
    if (!parsed.success) return fail({ email: issueCode(parsed.issues[0]) });
    setErrors({});
    setBusy('link');
    try {
      await apiPost('/v1/user/login-link', { email: parsed.output, language: locale }, { language: locale });
      setMessage({ kind: 'success', text: t('login.linkSent', { email: parsed.output }) });
    } catch (error) {
      const fields = accountFailure(error, locale);
      if (fields) fail(fields, Object.keys(fields).length > 0 ? null : t('login.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="login-panel" data-testid={`${idPrefix}-panel`}>
      <form
        ref={form}
        method="post"
        action={`${href('login', locale)}${fromQuery}`}
        noValidate
        className="acc-form"
        aria-label={t('login.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void signIn();
        }}
      >
        <TextInput
          id={`${idPrefix}-email`}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          error={errors.email}
          onChange={(value) => {
            setEmail(value);
            setErrors(({ email: _dropped, ...rest }) => rest);
          }}
        />
        <TextInput
          id={`${idPrefix}-password`}
          name="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(value) => {
            setPassword(value);
            setErrors(({ password: _dropped, ...rest }) => rest);
          }}
        />
        <a className="acc-aside-link" href={href('forgotten-password', locale)} target="_blank" rel="noopener" data-testid={`${idPrefix}-forgotten`}>
          {t('login.forgotten')}
          <span className="visually-hidden"> {t('login.newTab')}</span>
        </a>
        {message && (
          <FormMessage kind={message.kind} testId={`${idPrefix}-message`}>
            {message.text}
          </FormMessage>
        )}
        <SubmitButton busy={busy === 'login'} testId={`${idPrefix}-submit`}>
          {t('login.submit')}
        </SubmitButton>
        <button
          type="submit"
          name="action"
          value="link"
          formNoValidate
          className="acc-link-button"
          onClick={(e) => {
            e.preventDefault();
            void sendLink();
          }}
          disabled={busy !== null}
          data-testid={`${idPrefix}-send-link`}
        >
          {busy === 'link' ? t('login.linkSending') : t('login.sendLink')}
        </button>
      </form>
      <SocialButtons locale={locale} providers={providers ?? null} returnTo={target} />
      <p className="acc-register">
        <a href={registerHref} data-testid={`${idPrefix}-register`}>
          {t('login.noAccount')}
        </a>
      </p>
    </div>
  );
}
