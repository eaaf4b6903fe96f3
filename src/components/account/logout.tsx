'use client';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { PageLocale } from '../../routes';
import { readUnsavedWork } from '../../state/session';
import { useT } from '../i18n/client';

// the user menu is on every page of a signed-in user; what signing out runs (and the route
// table for where it leads) loads on the click, the confirmation dialog when it is needed
const logout = (locale: PageLocale) =>
  Promise.all([import('./logout-action'), import('../../routes')]).then(([m, routes]) => m.logout(routes.href('home', locale)));
const ConfirmDialog = lazy(() => import('../ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** Signs out, after a confirmation when a draft or a cart item would be lost. */
function useLogout(locale: PageLocale) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(() => {
    setConfirming(false);
    setBusy(true);
    void logout(locale);
  }, [locale]);
  const start = useCallback(() => (readUnsavedWork() ? setConfirming(true) : run()), [run]);
  return { confirming, busy, start, run, cancel: () => setConfirming(false) };
}

function LogoutConfirm({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  // mounted from the first opening on (closing it then returns the focus as a dialog does)
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog open={open} title={t('user.logoutConfirmTitle')} confirmLabel={t('user.logoutConfirm')} cancelLabel={t('user.logoutCancel')} onConfirm={onConfirm} onCancel={onCancel} testId="logout-confirm">
        <p>{t('user.logoutConfirmText')}</p>
      </ConfirmDialog>
    </Suspense>
  );
}

export function LogoutButton({ locale, className }: { locale: PageLocale; className?: string }) {
  const t = useT();
  const { confirming, busy, start, run, cancel } = useLogout(locale);
  return (
    <>
      <button type="button" className={className ?? 'menu-button'} onClick={start} disabled={busy} aria-busy={busy || undefined} data-testid="logout">
        {t('user.logout')}
      </button>
      <LogoutConfirm open={confirming} onConfirm={run} onCancel={cancel} />
    </>
  );
}

/**
 * /klient/odhlaseni asks first: only its form's POST signs out (a link from another site
 * must not). With JavaScript the button signs out as the user menu's does; without, the
 * edge handles the post (src/edge/forms.ts).
 */
export function LogoutNow({ locale, action }: { locale: PageLocale; action: string }) {
  const t = useT();
  const { confirming, busy, start, run } = useLogout(locale);
  return (
    <>
      <form
        method="post"
        action={action}
        data-testid="logout-form"
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <p>{t('user.logoutQuestion')}</p>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined} data-testid="logout-submit">
          {t('user.logout')}
        </button>
      </form>
      <LogoutConfirm open={confirming} onConfirm={run} onCancel={() => void import('../../routes').then((routes) => window.location.assign(routes.href('klient-v2-prehled', locale)))} />
    </>
  );
}
