'use client';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useRouter } from 'waku';
import { isUsableQuote, noUsableQuoteAdvice } from '../../lib/quote-advice';
import { cheapestQuote } from '../../lib/quote-rules';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';
import { productDetailEvent, pushAnalytics } from '../../state/analytics';
import { completeStepAtom, draftAtom, fetchCounterAtom, quoteFailureAtom, quotesAtom, selectedQuoteAtom, startDraftAtom } from '../../state/configurator';
import { useLanguage, useT } from '../i18n/client';
import { changeShipmentHref, NoUsableQuote, ShipmentRecap } from './comparison-notes';
import { QuoteCard } from './quote-card';
import { QuoteFailure } from './quote-failure';
import { completeQuotes, startQuoteStream } from './quote-stream';

/**
 * The recap of the compared route and parcels with the way back to the form: from the
 * query on the server (a form sent without JavaScript), from the persisted draft once hydrated.
 */
export function CarrierRecap({ locale, queryDraft, countryNames }: { locale: PageLocale; queryDraft: ShipmentDraft | null; countryNames: Record<string, string> }) {
  const t = useT();
  const language = useLanguage(locale);
  const stored = useAtomValue(draftAtom);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const draft = hydrated ? (stored ?? queryDraft) : queryDraft;
  if (!draft) return null;
  return <ShipmentRecap draft={draft} locale={language} t={t} countryNames={countryNames} changeHref={changeShipmentHref(draft, locale)} />;
}

const noSubscribe = () => () => undefined;
/**
 * false while hydrating (the server rendered no stored draft), true at once on a client
 * navigation: the list then shows in the first render, without waiting for an effect.
 */
const useClientRender = () => useSyncExternalStore(noSubscribe, () => true, () => false);

type Sort = 'price' | 'delivery' | 'rating';
type Filter = 'all' | 'dropoff' | 'collection' | 'express';

const byPrice = (a: Quote, b: Quote) => (a.priceVat?.value ?? Infinity) - (b.priceVat?.value ?? Infinity);
const SORTS: Record<Sort, (a: Quote, b: Quote) => number> = {
  price: byPrice,
  delivery: (a, b) => (a.timeInTransit.deliveryDate ?? '9999').localeCompare(b.timeInTransit.deliveryDate ?? '9999') || byPrice(a, b),
  rating: (a, b) => b.rating.score - a.rating.score || byPrice(a, b),
};
const FILTERS: Record<Filter, (q: Quote) => boolean> = {
  all: () => true,
  dropoff: (q) => q.type === 'DROPOFF' || q.attributes.pickupBranchRequired,
  collection: (q) => q.type !== 'DROPOFF' && !q.attributes.pickupBranchRequired,
  express: (q) => q.attributes.expressDelivery,
};
const unusable = (q: Quote) => !isUsableQuote(q);
/**
 * The commit that paints the first price holds this many cards (the cheapest that have
 * arrived); the rest follow in a transition right after, so the first price does not wait
 * for the whole list's render.
 */
const FIRST_CARDS = 3;

/**
 * The streamed comparison of the carrier-choice step: every carrier's quote appears as
 * it answers; the cheapest valid one is marked; incomplete quotes get their detail.
 * `queryDraft` (a linked or JavaScript-less form) starts a new draft; otherwise the
 * persisted draft is compared. `inline`: shown in the quote form's place until the carrier
 * step's route comes (inline-comparison.tsx): busy until then, and a failure is told by the
 * step's comparison alone (its dialog or toast once, not twice).
 */
export function QuoteComparison({ locale, queryDraft, inline = false }: { locale: PageLocale; queryDraft: ShipmentDraft | null; inline?: boolean }) {
  const t = useT();
  // the page's language (sk, es pages link to cs paths): the API answers and the cards format in it
  const language = useLanguage(locale);
  const router = useRouter();
  const draft = useAtomValue(draftAtom);
  const quotes = useAtomValue(quotesAtom);
  const loading = useAtomValue(fetchCounterAtom) > 0;
  const failure = useAtomValue(quoteFailureAtom);
  const store = useStore();
  const startDraft = useSetAtom(startDraftAtom);
  const setSelected = useSetAtom(selectedQuoteAtom);
  const completeStep = useSetAtom(completeStepAtom);
  const [sort, setSort] = useState<Sort>('price');
  const [filter, setFilter] = useState<Filter>('all');
  const hydrated = useClientRender();
  const [cardLimit, setCardLimit] = useState(FIRST_CARDS);

  useEffect(() => {
    if (queryDraft) startDraft(queryDraft);
  }, [queryDraft, startDraft]);
  useEffect(() => {
    if (hydrated && draft) startQuoteStream(store, draft, language);
  }, [hydrated, draft, store, language]);
  // incomplete quotes get their detail once shown: the first price paints without waiting for
  // one, and the calls start in a task after the commit that painted it
  useEffect(() => {
    if (!hydrated || !draft) return;
    const later = window.setTimeout(() => completeQuotes(store, draft, quotes, language), 0);
    return () => window.clearTimeout(later);
  }, [hydrated, draft, quotes, store, language]);

  const cheapest = useMemo(() => cheapestQuote(quotes), [quotes]);
  const shown = useMemo(() => {
    const visible = quotes.filter(FILTERS[filter]);
    // unavailable services go last, in the order they came
    return [...visible.filter((q) => !unusable(q)).sort(SORTS[sort]), ...visible.filter(unusable)];
  }, [quotes, sort, filter]);
  // once the first cards have painted, the whole list renders (interruptible)
  useEffect(() => {
    if (shown.length > cardLimit) startTransition(() => setCardLimit(Infinity));
  }, [shown.length, cardLimit]);
  const usableCount = useMemo(() => quotes.filter(isUsableQuote).length, [quotes]);
  const advice = useMemo(() => (loading ? [] : noUsableQuoteAdvice(quotes, draft)), [loading, quotes, draft]);

  if (!hydrated) return null;
  if (!draft) {
    return (
      <p className="notice">
        {t('quote.noDraft')} <a href={href('home', locale)}>{t('quote.startOver')}</a>
      </p>
    );
  }

  const select = (quote: Quote) => {
    setSelected(quote);
    completeStep('carrier');
    pushAnalytics(productDetailEvent(draft, quote));
    void router.push(href('configurator-sender', locale));
  };

  return (
    <section className="comparison" aria-busy={inline || loading || shown.length > cardLimit} data-testid="comparison">
      {advice.length > 0 && <NoUsableQuote advice={advice} t={t} changeHref={changeShipmentHref(draft, locale)} />}
      <div className="comparison-tools">
        <label>
          {t('quote.sortBy')}{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as Sort)} data-testid="sort">
            <option value="price">{t('quote.sort.price')}</option>
            <option value="delivery">{t('quote.sort.delivery')}</option>
            <option value="rating">{t('quote.sort.rating')}</option>
          </select>
        </label>
        <div role="group" aria-label={t('quote.filter')} className="filters">
          {(Object.keys(FILTERS) as Filter[]).map((f) => (
            <button key={f} type="button" className={`chip${filter === f ? ' active' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t(`quote.filter.${f}`)}
            </button>
          ))}
        </div>
        <span className="muted" role="status">
          {loading ? t('quote.loading', { count: quotes.length }) : failure ? null : t('quote.countUsable', { count: usableCount })}
        </span>
      </div>
      <ul className="quote-list">
        {shown.slice(0, cardLimit).map((q) => (
          <QuoteCard key={q.id} quote={q} locale={language} t={t} cheapest={q.id === cheapest?.id} onSelect={() => select(q)} draft={draft} />
        ))}
      </ul>
      {/* a failed comparison says so (spec §8); "no offer" is only what carriers answered */}
      {!loading && failure && !inline && <QuoteFailure failure={failure} onRetry={() => startQuoteStream(store, draft, language)} changeHref={changeShipmentHref(draft, locale)} />}
      {!loading && !failure && quotes.length === 0 && <p className="notice">{t('quote.none')}</p>}
    </section>
  );
}
