'use client';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'waku';
import { stepGuard, type StepId } from '../../lib/configurator-rules';
import { href, type PageLocale } from '../../routes';
import { configuratorStateAtom } from '../../state/configurator';
import { useT } from '../i18n/client';
import './configurator.css';

export const STEP_ROUTES = {
  carrier: 'configurator-carrier',
  sender: 'configurator-sender',
  recipient: 'configurator-recipient',
  customs: 'configurator-customs',
  summary: 'configurator-summary',
} as const satisfies Record<StepId, string>;

export const stepHref = (step: StepId, locale: PageLocale) => href(STEP_ROUTES[step], locale);

/** True from the render after the first commit: the persisted state has been read by then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The configurator guards of spec §4 on the client (the state lives in the browser):
 * renders the step once it may be shown, else logs the §8 warning and replaces the URL
 * with the step to go to.
 */
export function StepGate({ step, locale, children }: { step: StepId; locale: PageLocale; children: ReactNode }) {
  const t = useT();
  const hydrated = useHydrated();
  const state = useAtomValue(configuratorStateAtom);
  const router = useRouter();
  const redirected = useRef(false);
  const redirect = hydrated ? stepGuard(step, state) : null;

  useEffect(() => {
    if (!redirect || redirected.current) return;
    redirected.current = true;
    console.warn(redirect.warning);
    router.replace(stepHref(redirect.redirectTo, locale));
  }, [redirect, router, locale]);

  if (!hydrated || redirect) {
    return (
      <div className="cfg-skeleton" aria-busy="true" data-testid="step-pending">
        <span className="cfg-spinner" aria-hidden="true" />
        <span>{t('configurator.loading')}</span>
      </div>
    );
  }
  return <>{children}</>;
}
