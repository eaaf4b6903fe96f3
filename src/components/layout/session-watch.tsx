'use client';
import { useEffect, useState } from 'react';
import { cookieAuthAction, readCookie, SESSION_COOKIE } from '../../lib/cookie-auth';
import { reloadOnce } from '../../state/reload-once';
import { clearStoredState } from '../../state/session';
import { useT } from '../i18n/client';

const RELOAD_MARK = 'zslt_session_reload';

/**
 * Cookie auth of spec §4 in the browser, and the `clientAuthToken` sign-in of §2.9.
 * `session` is the fingerprint of the key the page was rendered with; the readable
 * session cookie holds the current one. On load and whenever the tab comes back, a
 * missing cookie signs this page out, another one reloads it as the other user.
 */
export function SessionWatch({ session }: { session: string | null }) {
  const t = useT();
  const [tokenFailed, setTokenFailed] = useState(false);

  useEffect(() => {
    // rare: the token's code (taking it out of the address, signing in) loads only when a page has one
    if (/[?&]clientAuthToken=/.test(window.location.search)) {
      void import('../account/client-auth-token')
        .then((m) => m.signInWithAddressToken())
        .then((result) => (result === 'signed-in' ? window.location.reload() : result === 'failed' && setTokenFailed(true)));
      return;
    }
    const check = () => {
      const action = cookieAuthAction(session, readCookie(document.cookie, SESSION_COOKIE));
      if (action === 'keep') return;
      if (action === 'logout') clearStoredState();
      // one reload a minute at most: a cookie the server does not see the same way must not loop
      reloadOnce(RELOAD_MARK);
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [session]);

  if (!tokenFailed) return null;
  return (
    <div className="session-alert" role="alert" data-testid="token-login-failed">
      {t('login.tokenInvalid')}
      <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={() => setTokenFailed(false)}>
        ×
      </button>
    </div>
  );
}
