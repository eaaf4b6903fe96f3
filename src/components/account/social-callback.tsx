'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiPost, ApiClientError } from '../../api/client';
import { serverErrors, type FormErrors } from '../../lib/form-errors';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { focusFirstInvalid, FormMessage, SubmitButton, TextInput } from './form-kit';
import { accountFailure, completeSignIn } from './sign-in';
import { socialReturn, SOCIAL_ENDPOINT, takePendingSocial, type SocialProvider } from './social';

type Phase =
  | { name: 'idle' }
  | { name: 'working'; provider: SocialProvider }
  /** the e-mail has a password account: its password links the provider to it */
  | { name: 'link'; provider: SocialProvider; accessToken: string; returnTo: string }
  | { name: 'error'; text: string };

const LINK_REQUIRED = 'auth.link_requires_password';
const SOCIAL_FAILED = 'auth.social_failed';

/**
 * The login page's end of the social redirect flow: the provider came back with a token
 * in the URL fragment; the fragment leaves the address at once, then the token goes to
 * the API. Failures show the spec §8 social sign-in errors. `children` (the sign-in
 * form) step aside while a social sign-in is under way.
 */
export function SocialCallback({ locale, children }: { locale: PageLocale; children: ReactNode }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const failed = (error: unknown, provider: SocialProvider, accessToken: string, returnTo: string, linkPassword?: string) => {
    if (error instanceof ApiClientError && error.status === 409 && error.errors.some((e) => e.code === LINK_REQUIRED)) {
      setPhase({ name: 'link', provider, accessToken, returnTo });
      return;
    }
    // the linking password was wrong (or refused): its error goes next to it
    if (linkPassword !== undefined && error instanceof ApiClientError && error.errors.some((e) => e.field === 'password' && e.code !== SOCIAL_FAILED)) {
      setErrors(serverErrors(error.errors));
      setPassword('');
      focusFirstInvalid(form.current);
      return;
    }
    if (accountFailure(error, locale)) setPhase({ name: 'error', text: t('login.socialFailed') });
    else setPhase({ name: 'idle' });
  };

  const send = async (provider: SocialProvider, accessToken: string, returnTo: string, linkPassword?: string) => {
    try {
      await apiPost(SOCIAL_ENDPOINT[provider], linkPassword === undefined ? { accessToken } : { accessToken, password: linkPassword }, { language: locale });
      completeSignIn(provider, returnTo);
    } catch (error) {
      setBusy(false);
      failed(error, provider, accessToken, returnTo, linkPassword);
    }
  };

  useEffect(() => {
    if (!/(^#|&)state=/.test(window.location.hash)) return;
    const result = socialReturn(window.location.hash, takePendingSocial());
    if (!result) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (result.kind === 'invalid') setPhase({ name: 'error', text: t('login.socialFailed') });
    else if (result.kind === 'denied') setPhase({ name: 'error', text: t('login.socialNotConnected', { provider: t(`login.${result.provider}`) }) });
    else {
      setPhase({ name: 'working', provider: result.provider });
      void send(result.provider, result.accessToken, result.returnTo);
    }
    // once, for the address the page was loaded with
  }, []);

  if (phase.name === 'idle') return children;
  if (phase.name === 'working') {
    return (
      <FormMessage kind="info" testId="social-working">
        <span className="acc-spinner" aria-hidden="true" /> {t('login.socialWorking', { provider: t(`login.${phase.provider}`) })}
      </FormMessage>
    );
  }
  if (phase.name === 'error') {
    return (
      <>
        <FormMessage kind="error" testId="social-error">
          {phase.text}
        </FormMessage>
        {children}
      </>
    );
  }
  const provider = t(`login.${phase.provider}`);
  return (
    <form
      ref={form}
      method="post"
      className="acc-form acc-link-account"
      noValidate
      data-testid="social-link"
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) {
          setErrors({ password: 'validation.required' });
          focusFirstInvalid(form.current);
          return;
        }
        setBusy(true);
        void send(phase.provider, phase.accessToken, phase.returnTo, password);
      }}
    >
      <h2>{t('login.linkTitle', { provider })}</h2>
      <p>{t('login.linkText', { provider })}</p>
      <TextInput
        id="social-link-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          setErrors({});
        }}
      />
      <SubmitButton busy={busy} testId="social-link-submit">
        {t('login.linkSubmit', { provider })}
      </SubmitButton>
    </form>
  );
}
