'use client';
import { useEffect, useRef, useState } from 'react';
import { apiPost } from '../../api/client';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { FormMessage } from './form-kit';
import { accountFailure, completeSignIn } from './sign-in';

type State = 'working' | 'done' | 'failed';

/** runs a one-time token's call once, on arrival (a second run would find the token spent) */
function useTokenCall(call: () => Promise<unknown>, onDone: () => void, locale: PageLocale) {
  const [state, setState] = useState<State>('working');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call().then(
      () => {
        setState('done');
        onDone();
      },
      (error: unknown) => {
        // a blocked account goes to its page; anything else, the network included, leaves the token unused
        accountFailure(error, locale);
        setState('failed');
      },
    );
  }, []);
  return state;
}

/** /prihlaseni/:token: the e-mailed one-time sign-in link (15 minutes, single use) */
export function TokenLogin({ locale, token }: { locale: PageLocale; token: string }) {
  const t = useT();
  const state = useTokenCall(
    () => apiPost('/v2/auth/token-login', { token }, { language: locale }),
    () => completeSignIn('link', href('home', locale)),
    locale,
  );
  useEffect(() => {
    // a spent or wrong token has no business staying in the address bar
    if (state === 'failed') window.history.replaceState(window.history.state, '', href('login', locale));
  }, [state, locale]);
  if (state === 'failed') {
    return (
      <FormMessage kind="error" testId="token-login-failed">
        <p>{t('login.tokenInvalid')}</p>
        <a href={href('login', locale)} className="button primary">
          {t('login.toLogin')}
        </a>
      </FormMessage>
    );
  }
  return (
    <p role="status" data-testid="token-login-working">
      <span className="acc-spinner" aria-hidden="true" /> {t('login.tokenWorking')}
    </p>
  );
}

/** /klient/aktivace/:id: the welcome e-mail's link confirms the address */
export function EmailConfirm({ locale, token }: { locale: PageLocale; token: string }) {
  const t = useT();
  const state = useTokenCall(() => apiPost('/v1/user/email/confirm', { token }, { language: locale }), () => undefined, locale);
  if (state === 'working') {
    return (
      <p role="status">
        <span className="acc-spinner" aria-hidden="true" /> {t('account.confirmWorking')}
      </p>
    );
  }
  return (
    <FormMessage kind={state === 'done' ? 'success' : 'error'} testId={`email-confirm-${state}`}>
      <p>{t(state === 'done' ? 'account.confirmDone' : 'account.confirmFailed')}</p>
      <a href={href('home', locale)} className="button primary">
        {t('account.toHome')}
      </a>
    </FormMessage>
  );
}
