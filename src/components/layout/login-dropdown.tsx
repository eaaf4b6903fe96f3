'use client';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';

// the form, its schema, the social buttons and the route table (for the route it returns to)
// load when the dropdown is first pointed at or opened: every page has it (./navbar-panels)
const panels = () => import('./navbar-panels');
const loadPanel = () => panels().then((p) => p.loadLoginPanel());
const routeIdOfPage = () => panels().then((p) => p.routeIdOfPage());
const LoginPanel = lazy(() => loadPanel().then((m) => ({ default: m.LoginPanel })));

/**
 * The login dropdown (spec §2.9): a sign-in returns to the page it is on. Until its script
 * has loaded the panel (without JavaScript, before hydration) it shows `fallback`, a plain
 * form the server rendered that posts to the login page.
 */
export function LoginDropdown({ locale, fallback }: { locale: PageLocale; fallback?: ReactNode }) {
  const t = useT();
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  return (
    <details
      className="dropdown login-dropdown"
      data-testid="login-dropdown"
      onToggle={(e) => {
        if (e.currentTarget.open && from === undefined) void routeIdOfPage().then(setFrom);
      }}
    >
      <summary onPointerEnter={() => void loadPanel()} onFocus={() => void loadPanel()}>
        {t('nav.login')}
      </summary>
      <div className="dropdown-panel login-dropdown-panel">
        {from === undefined && fallback}
        {from !== undefined && (
          <Suspense fallback={<p className="muted">{t('login.loading')}</p>}>
            <LoginPanel locale={locale} idPrefix="login-dd" returnTo={null} from={from} />
          </Suspense>
        )}
      </div>
    </details>
  );
}
