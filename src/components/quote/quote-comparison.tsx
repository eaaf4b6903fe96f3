'use client';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useRouter } from 'waku';
import { cheapestQuote } from '../../lib/quote-rules';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';
import { productDetailEvent, pushAnalytics } from '../../state/analytics';
import { completeStepAtom, draftAtom, fetchCounterAtom, quotesAtom, selectedQuoteAtom, startDraftAtom } from '../../state/configurator';
import { useT } from '../i18n/client';
import { QuoteCard } from './quote-card';
import { startQuoteStream } from './quote-stream';

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
const unusable = (q: Quote) => q.errors.length + q.restrictions.length > 0 || !q.priceVat;

/**
 * The streamed comparison of the carrier-choice step: every carrier's quote appears as
 * it answers; the cheapest valid one is marked; incomplete quotes get their detail.
 * `queryDraft` (a linked or JavaScript-less form) starts a new draft; otherwise the
 * persisted draft is compared.
 */
export function QuoteComparison({ locale, queryDraft }: { locale: PageLocale; queryDraft: ShipmentDraft | null }) {
  const t = useT();
  const router = useRouter();
  const draft = useAtomValue(draftAtom);
  const quotes = useAtomValue(quotesAtom);
  const loading = useAtomValue(fetchCounterAtom) > 0;
  const store = useStore();
  const startDraft = useSetAtom(startDraftAtom);
  const setSelected = useSetAtom(selectedQuoteAtom);
  const completeStep = useSetAtom(completeStepAtom);
  const [sort, setSort] = useState<Sort>('price');
  const [filter, setFilter] = useState<Filter>('all');
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (queryDraft) startDraft(queryDraft);
  }, [queryDraft, startDraft]);
  useEffect(() => {
    if (hydrated && draft) startQuoteStream(store, draft, locale);
  }, [hydrated, draft, store, locale]);

  const cheapest = useMemo(() => cheapestQuote(quotes), [quotes]);
  const shown = useMemo(() => {
    const visible = quotes.filter(FILTERS[filter]);
    // unavailable services go last, in the order they came
    return [...visible.filter((q) => !unusable(q)).sort(SORTS[sort]), ...visible.filter(unusable)];
  }, [quotes, sort, filter]);

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
    <section className="comparison" aria-busy={loading} data-testid="comparison">
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
          {loading ? t('quote.loading', { count: quotes.length }) : t('quote.count', { count: quotes.length })}
        </span>
      </div>
      <ul className="quote-list">
        {shown.map((q) => (
          <QuoteCard key={q.id} quote={q} locale={locale} t={t} cheapest={q.id === cheapest?.id} onSelect={() => select(q)} />
        ))}
      </ul>
      {!loading && quotes.length === 0 && <p className="notice">{t('quote.none')}</p>}
    </section>
  );
}
