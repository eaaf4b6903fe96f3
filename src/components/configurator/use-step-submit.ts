'use client';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useRouter } from 'waku';
import { ApiClientError } from '../../api/client';
import { errorsOfStep, nextStep, restrictionFieldErrors, serverFieldErrors, type FieldErrors } from '../../lib/configurator-form';
import type { StepId } from '../../lib/configurator-rules';
import type { PageLocale } from '../../routes';
import {
  collectionPointAtom,
  completeStepAtom,
  deliveryPointAtom,
  draftAtom,
  refreshSelectedQuoteAtom,
  selectedQuoteAtom,
} from '../../state/configurator';
import { hideLoaderAtom, showLoaderAtom } from '../../state/loader';
import { useT } from '../i18n/client';
import { fetchQuoteDetail } from './api';
import type { StepForm } from './form';
import { stepHref } from './step-gate';

/**
 * Submits a step: client errors stop it at once; then the origin prices the service for
 * the draft as it is (POST v2/quote/detail), and its field errors and field restrictions
 * on this step's fields are shown like the client's. A usable answer refreshes the
 * selected quote. Errors of fields other steps own, network failures and other API errors
 * do not block: the summary checks the quote again.
 */
export function useStepSubmit(step: Exclude<StepId, 'carrier' | 'summary'>, locale: PageLocale) {
  const t = useT();
  const router = useRouter();
  const draft = useAtomValue(draftAtom);
  const quote = useAtomValue(selectedQuoteAtom);
  const collectionPoint = useAtomValue(collectionPointAtom);
  const deliveryPoint = useAtomValue(deliveryPointAtom);
  const refreshQuote = useSetAtom(refreshSelectedQuoteAtom);
  const completeStep = useSetAtom(completeStepAtom);
  const showLoader = useSetAtom(showLoaderAtom);
  const hideLoader = useSetAtom(hideLoaderAtom);

  return useCallback(
    async (form: StepForm, clientErrors: FieldErrors, prefixes: readonly string[]) => {
      if (!draft || !quote) return;
      if (Object.keys(clientErrors).length > 0) {
        form.fail();
        return;
      }
      showLoader({ text: t('configurator.checkingPrice'), transparent: true });
      let serverErrors: FieldErrors = {};
      try {
        const fresh = await fetchQuoteDetail(draft, { quote, collectionPoint, deliveryPoint }, locale);
        serverErrors = errorsOfStep(restrictionFieldErrors([...fresh.restrictions, ...fresh.errors]), prefixes);
        if (Object.keys(serverErrors).length === 0) refreshQuote(fresh);
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 400) serverErrors = errorsOfStep(serverFieldErrors(error.errors), prefixes);
      } finally {
        hideLoader();
      }
      if (Object.keys(serverErrors).length > 0) {
        form.fail(serverErrors);
        return;
      }
      completeStep(step);
      router.push(stepHref(nextStep(step, quote), locale));
    },
    [draft, quote, collectionPoint, deliveryPoint, locale, step, t, router, refreshQuote, completeStep, showLoader, hideLoader],
  );
}
