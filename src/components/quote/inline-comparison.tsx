import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useRouter } from 'waku';
import type { PageLocale } from '../../routes';
import { fetchCounterAtom, quotesAtom } from '../../state/configurator';
import { QuoteComparison } from './quote-comparison';

/** the longest the carrier step's route waits for the first quote (a slow comparison shows its loading state here meanwhile) */
export const ROUTE_AFTER_MS = 1000;

/**
 * "Compare prices" (issue 29, the first price): the streamed comparison shows at once in the
 * quote form's place, on the page the visitor is on, and the carrier step's route follows once
 * the first quote has painted (or the comparison has ended, or after ROUTE_AFTER_MS). The
 * route change decodes and renders the step's whole layout (tens of milliseconds of the main
 * thread); before, the first price waited for it. The step's comparison then shows the same
 * quotes from the same store: the stream is not fetched again (startQuoteStream, once per
 * request) and no quote's detail twice (completeQuotes). Inert until then: a card chosen here
 * would race the route change.
 */
export function InlineComparison({ action, locale }: { action: string; locale: PageLocale }) {
  const router = useRouter();
  const hasQuotes = useAtomValue(quotesAtom).length > 0;
  const ended = useAtomValue(fetchCounterAtom) === 0;
  const box = useRef<HTMLDivElement>(null);
  const gone = useRef(false);
  const go = () => {
    if (gone.current) return;
    gone.current = true;
    void router.push(action as Parameters<typeof router.push>[0]);
  };
  useEffect(() => {
    // the comparison takes the form's place: where the visitor is looking
    box.current?.scrollIntoView({ block: 'nearest' });
    const late = window.setTimeout(go, ROUTE_AFTER_MS);
    return () => window.clearTimeout(late);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!hasQuotes && !ended) return;
    // after the frame that paints them: a task after the next animation frame
    let timer = 0;
    const frame = window.requestAnimationFrame(() => (timer = window.setTimeout(go, 0)));
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasQuotes, ended]);
  return (
    <div ref={box} className="inline-comparison" inert data-testid="inline-comparison">
      <QuoteComparison locale={locale} queryDraft={null} inline />
    </div>
  );
}
