'use client';
import { useAtomValue } from 'jotai';
import { loaderAtom } from '../../state/loader';
import { useT } from '../i18n/client';

/** The full-screen application loader (spec §2.3) with its message. */
export function LoaderOverlay() {
  const t = useT();
  const loader = useAtomValue(loaderAtom);
  if (!loader.show) return null;
  return (
    <div
      className={`cfg-loader cfg-loader-${loader.type}${loader.transparent ? ' is-transparent' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="app-loader"
    >
      <div className="cfg-loader-box">
        <span className="cfg-spinner" aria-hidden="true" />
        <p>{loader.text || t('configurator.loading')}</p>
      </div>
    </div>
  );
}
