'use client';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { apiPost } from '../../api/client';
import { issueErrors, type FormErrors } from '../../lib/form-errors';
import { EmailOnlySchema, PASSWORD_MIN_LENGTH, PasswordSetSchema } from '../../lib/schemas/account';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { focusFirstInvalid, FormMessage, SubmitButton, TextInput } from './form-kit';
import { accountFailure, completeSignIn } from './sign-in';
import type { FormPostState } from '../../lib/form-post';

/**
 * Forgotten password: the same answer whether or not the address has an account (the
 * origin does not tell either), so the page only says where to look.
 */
export function ForgottenPasswordForm({ locale, posted }: { locale: PageLocale; posted?: FormPostState | null }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [errors, setErrors] = useState<FormErrors>(posted?.errors ?? {});
  const [sentTo, setSentTo] = useState<string | null>(posted?.message?.kind === 'success' ? (posted.values.email ?? null) : null);
  const [message, setMessage] = useState<string | null>(posted?.message?.kind === 'error' ? t(posted.message.id) : null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = v.safeParse(EmailOnlySchema, { email, language: locale });
    setMessage(null);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.issues));
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await apiPost('/v1/user/password/forgotten', parsed.output, { language: locale });
      setSentTo(parsed.output.email);
    } catch (error) {
      const fields = accountFailure(error, locale);
      if (fields) {
        setErrors(fields);
        setMessage(Object.keys(fields).length > 0 ? null : t('account.error.generic'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      method="post"
      action={href('forgotten-password', locale)}
      className="acc-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>{t('password.forgottenIntro')}</p>
      <TextInput
        id="forgotten-email"
        name="email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          setErrors({});
        }}
      />
      {sentTo && (
        <FormMessage kind="success" testId="forgotten-sent">
          {t('password.forgottenSent', { email: sentTo })}
        </FormMessage>
      )}
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <SubmitButton busy={busy} testId="forgotten-submit">
        {t(sentTo ? 'password.forgottenResend' : 'password.forgottenSubmit')}
      </SubmitButton>
      <p className="acc-register">
        <a href={href('login', locale)}>{t('password.backToLogin')}</a>
      </p>
    </form>
  );
}

/** A new password from the e-mailed link; it signs the user in. */
export function SetPasswordForm({ locale, token, posted }: { locale: PageLocale; token: string; posted?: FormPostState | null }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors>(() => {
    const { token: _token, ...fields } = posted?.errors ?? {};
    return fields;
  });
  const [tokenInvalid, setTokenInvalid] = useState(Boolean(posted?.errors.token));
  const [message, setMessage] = useState<string | null>(posted?.message ? t(posted.message.id) : null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = v.safeParse(PasswordSetSchema, { token, password, confirmation });
    setMessage(null);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.issues));
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await apiPost('/v1/user/password/set', parsed.output, { language: locale });
      completeSignIn('password', href('home', locale));
    } catch (error) {
      setBusy(false);
      const failure = accountFailure(error, locale);
      if (!failure) return;
      const { token: tokenError, ...fields } = failure;
      setTokenInvalid(Boolean(tokenError));
      setErrors(fields);
      if (fields.password || fields.confirmation) {
        setPassword('');
        setConfirmation('');
      }
      if (!tokenError && Object.keys(fields).length === 0) setMessage(t('account.error.generic'));
      focusFirstInvalid(form.current);
    }
  };

  if (tokenInvalid) {
    return (
      <FormMessage kind="error" testId="set-password-token-invalid">
        <p>{t('password.tokenInvalid')}</p>
        <a href={href('forgotten-password', locale)} className="button primary">
          {t('password.requestNew')}
        </a>
      </FormMessage>
    );
  }
  const drop = (field: string) => setErrors(({ [field]: _dropped, ...rest }) => rest);
  return (
    <form
      ref={form}
      method="post"
      action={href('set-password', locale, { token })}
      className="acc-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextInput
        id="set-password"
        name="password"
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          drop('password');
        }}
      />
      <TextInput
        id="set-password-confirmation"
        name="confirmation"
        label={t('password.confirmation')}
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.confirmation}
        onChange={(value) => {
          setConfirmation(value);
          drop('confirmation');
        }}
      />
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <SubmitButton busy={busy} testId="set-password-submit">
        {t('password.save')}
      </SubmitButton>
    </form>
  );
}
