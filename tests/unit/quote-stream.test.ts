import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeQuotes, startQuoteStream } from '../../src/components/quote/quote-stream';
import { emptyDraft } from '../../src/lib/schemas/draft';
import type { Quote } from '../../src/lib/types/quote';
import { quotesAtom, startDraftAtom } from '../../src/state/configurator';

/** issue 29: the first price paints from the stream's first line; incomplete quotes are completed after they are shown */
const quote = (id: string, complete: boolean) => ({ id, serviceId: id, complete, type: 'ONDEMAND', carrier: { code: id.split('-')[0], name: id }, serviceName: id, rating: { score: 5, count: 1 }, price: { value: 100, currency: 'CZK' }, priceVat: { value: 121, currency: 'CZK' } }) as unknown as Quote;

afterEach(() => vi.unstubAllGlobals());

describe('the quote stream', () => {
  it('asks for no detail while streaming; completeQuotes asks once per incomplete quote', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url.endsWith('/find/stream')) {
        const lines = [quote('liftago-same-day', false), quote('dpd-classic', true)].map((q) => `${JSON.stringify(q)}\n`).join('');
        return new Response(lines, { headers: { 'content-type': 'application/x-ndjson' } });
      }
      return Response.json({ data: { ...quote('liftago-same-day-detail', true), priceVat: { value: 150, currency: 'CZK' } } });
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const store = getDefaultStore();
    const draft = { ...emptyDraft('cz'), content: [{ ...emptyDraft('cz').content[0]!, weight: '2' }] };
    startQuoteStream(store, draft, 'cs');
    await vi.waitFor(() => expect(store.get(quotesAtom)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual(['/api/v2/quote/find/stream']);

    completeQuotes(store, draft, store.get(quotesAtom), 'cs');
    completeQuotes(store, draft, store.get(quotesAtom), 'cs');
    await vi.waitFor(() => expect(store.get(quotesAtom).find((q) => q.id === 'liftago-same-day')).toMatchObject({ complete: true, priceVat: { value: 150 } }));
    expect(calls).toEqual(['/api/v2/quote/find/stream', '/api/v2/quote/detail']);
  });

  it('streams the same request once, and again after a new draft cleared its quotes (the form sent again after going back)', async () => {
    let streams = 0;
    vi.stubGlobal('fetch', async () => {
      streams++;
      return new Response(`${JSON.stringify(quote('dpd-classic', true))}\n`, { headers: { 'content-type': 'application/x-ndjson' } });
    });
    const store = getDefaultStore();
    const draft = { ...emptyDraft('cz'), content: [{ ...emptyDraft('cz').content[0]!, weight: '7' }] };
    startQuoteStream(store, draft, 'en');
    await vi.waitFor(() => expect(store.get(quotesAtom)).toHaveLength(1));
    startQuoteStream(store, draft, 'en'); // the comparison's own call after the form's: nothing
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(streams).toBe(1);
    store.set(startDraftAtom, draft);
    expect(store.get(quotesAtom)).toHaveLength(0);
    startQuoteStream(store, draft, 'en');
    await vi.waitFor(() => expect(store.get(quotesAtom)).toHaveLength(1));
    expect(streams).toBe(2);
  });
});
