'use client';
import { useAtomValue } from 'jotai';
import { Link, useRouter } from 'waku';
import { STEP_IDS, isStepLinkEnabled, type StepId } from '../../lib/configurator-rules';
import type { Territory } from '../../lib/types/quote';
import { matchRoute, type PageLocale } from '../../routes';
import { cartItemCountAtom, completedStepsAtom, customsStepVisibleAtom } from '../../state/configurator';
import { ContactHelp } from '../configurator/contact-modal';
import { LoaderOverlay } from '../configurator/loader-overlay';
import { STEP_ROUTES, stepHref } from '../configurator/step-gate';
import { useT } from '../i18n/client';

const stepOfRoute = (routeId: string | undefined): StepId | null =>
  STEP_IDS.find((step) => STEP_ROUTES[step] === routeId) ?? null;

/**
 * Step navigation of the configurator layout (spec §2.9): check marks on completed steps,
 * links disabled until allowed, the customs step only when the shipment needs customs;
 * 'need help' with the contact modal for signed-in users; the application loader.
 */
export function ConfiguratorHeader({ locale, signedIn, territory }: { locale: PageLocale; signedIn: boolean; territory: Territory }) {
  const t = useT();
  const { path } = useRouter();
  const completed = useAtomValue(completedStepsAtom);
  const cartCount = useAtomValue(cartItemCountAtom);
  const customsVisible = useAtomValue(customsStepVisibleAtom);
  const current = stepOfRoute(matchRoute(path)?.id);
  const steps = STEP_IDS.filter((step) => step !== 'customs' || customsVisible);

  return (
    <div className="configurator-header">
      <nav aria-label={t('configurator.steps')} className="cfg-steps-nav">
        <ol className="cfg-steps" data-testid="configurator-steps">
          {steps.map((step, index) => {
            const done = completed.includes(step);
            const enabled = isStepLinkEnabled(step, completed, cartCount);
            const isCurrent = step === current;
            const content = (
              <>
                <span className="cfg-step-mark" aria-hidden="true">
                  {done ? '✓' : index + 1}
                </span>
                <span className="cfg-step-label">{t(`configurator.step.${step}`)}</span>
                {done && <span className="visually-hidden">{` (${t('configurator.stepDone')})`}</span>}
              </>
            );
            return (
              <li
                key={step}
                className={`cfg-step${done ? ' is-done' : ''}${isCurrent ? ' is-current' : ''}`}
                aria-current={isCurrent ? 'step' : undefined}
                data-step={step}
              >
                {enabled && !isCurrent ? (
                  <Link to={stepHref(step, locale)}>{content}</Link>
                ) : (
                  <span aria-disabled={!enabled || undefined}>{content}</span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {signedIn && <ContactHelp locale={locale} territory={territory} />}
      <LoaderOverlay />
    </div>
  );
}
