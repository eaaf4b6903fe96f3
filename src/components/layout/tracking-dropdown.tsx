'use client';
import { lazy, Suspense, useState } from 'react';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import * as rendered from './tracking-panel?server-html';

/**
 * The panel's code (its form rules, the route table, the API client) loads when the visitor
 * first points at or focuses the dropdown, not with the page: until then the server's HTML of
 * the panel stays as it is (a GET form to the tracking page, which works without JavaScript)
 * and React hydrates it once the code is there. The server renders it directly.
 */
let want: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => (want = resolve));
const LazyPanel = lazy(() =>
  wanted
    .then(() => import('./navbar-panels'))
    .then((p) => p.loadTrackingPanel())
    .then((m) => ({ default: m.TrackingPanel })),
);
const Panel = import.meta.env.SSR ? (rendered.TrackingPanel as typeof import('./tracking-panel').TrackingPanel) : LazyPanel;

export function TrackingDropdown({ locale, signedIn }: { locale: PageLocale; signedIn: boolean }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="dropdown tracking-dropdown"
      onToggle={(e) => {
        if (!e.currentTarget.open) return;
        want();
        setOpened(true);
      }}
    >
      <summary onPointerEnter={want} onFocus={want}>
        {t('nav.tracking')}
      </summary>
      <Suspense fallback={null}>
        <Panel locale={locale} signedIn={signedIn} opened={opened} />
      </Suspense>
    </details>
  );
}
