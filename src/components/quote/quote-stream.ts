import type { getDefaultStore } from 'jotai';
import { apiPost, apiStream } from '../../api/client';
import { draftToQuoteRequest } from '../../lib/quote-request';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote } from '../../lib/types/quote';
import { pushAnalytics, searchEvent } from '../../state/analytics';
import { quotesClearedAtom, streamQuotesAtom, updateQuoteAtom } from '../../state/configurator';

/** spec §8: the text of a failed detail fetch */
export const DETAIL_FAILED = 'Služba není pro zadané parametry zásilky dostupná.';

type Store = ReturnType<typeof getDefaultStore>;
let lastKey: string | null = null;
/** quotesClearedAtom when the last stream started: a new or restored draft since then cleared its quotes */
let lastCleared = -1;
/** the quotes whose detail was asked for (by id) */
const detailAsked = new Set<string>();

/**
 * Streams the quotes of a draft into the store, once per distinct request: the quote form
 * starts it on submit (so quotes arrive while the page changes) and the comparison starts
 * it on a reload; the second call for the same request does nothing, unless a new draft cleared
 * the quotes since (the same form sent again after going back). Incomplete quotes are
 * shown as they come; the comparison asks for their detail once it has painted them
 * (completeQuotes), so no detail call stands between the click and the first price.
 */
export function startQuoteStream(store: Store, draft: ShipmentDraft, language: string): void {
  const request = draftToQuoteRequest(draft);
  const key = `${language}:${JSON.stringify(request)}`;
  const cleared = store.get(quotesClearedAtom);
  if (key === lastKey && cleared === lastCleared) return;
  lastKey = key;
  lastCleared = cleared;
  detailAsked.clear();

  void store
    .set(streamQuotesAtom, (signal, onQuote) => apiStream<Quote>('/v2/quote/find/stream', request, onQuote, { signal, language }))
    .then((outcome) => {
      if (outcome.status === 'ok') pushAnalytics(searchEvent(draft, outcome.value));
      else lastKey = null; // a failed or cancelled fetch may be tried again
    });
}

/** Asks once for the detail of each incomplete quote shown (the comparison calls it after painting them). */
export function completeQuotes(store: Store, draft: ShipmentDraft, quotes: readonly Quote[], language: string): void {
  for (const quote of quotes) {
    if (quote.complete || detailAsked.has(quote.id)) continue;
    detailAsked.add(quote.id);
    void completeQuote(store, draft, quote, language);
  }
}

async function completeQuote(store: Store, draft: ShipmentDraft, quote: Quote, language: string): Promise<void> {
  try {
    const body = { ...draftToQuoteRequest(draft, { complete: true, serviceId: quote.serviceId }), service_group_id: quote.serviceId, type: quote.type };
    const detail = await apiPost<Quote>('/v2/quote/detail', body, { language });
    // the detail has an id of its own; it takes the place of the quote it completes
    store.set(updateQuoteAtom, { ...detail, id: quote.id });
  } catch {
    console.log('Unable to fetch quote detail');
    store.set(updateQuoteAtom, { ...quote, complete: true, price: null, priceVat: null, errors: [{ code: 'DETAIL_FAILED', message: DETAIL_FAILED }] });
  }
}
