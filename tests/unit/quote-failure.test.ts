import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../src/api/client';
import { apiFailureOf, quoteFieldLabel, toastMessageId } from '../../src/lib/api-failure';
import type { Quote } from '../../src/lib/types/quote';
import { quoteFailureAtom, quotesAtom, streamQuotesAtom } from '../../src/state/configurator';
import cs from '../../translations/cs.json';

/** issue 30 item 4: a failed comparison is a failure (spec §8), never "no offer" */
const t = (id: string) => (cs as Record<string, string>)[id] ?? id;
const countryError = { field: 'to.country', code: 'validation.country_code', message: 'validation.country_code' };

describe('how a failed call shows', () => {
  it('field errors of a 400 go to the dialog; any other failure to the toast', () => {
    expect(apiFailureOf(new ApiClientError(400, 'FORM_VALIDATION_ERROR', 'Form validation failed', [countryError]))).toEqual({ kind: 'fields', errors: [countryError] });
    expect(apiFailureOf(new ApiClientError(500, 'API_ERROR', 'Internal error'))).toEqual({ kind: 'toast', status: 500, message: 'Internal error' });
    expect(apiFailureOf(new ApiClientError(404, 'API_NOT_FOUND_ERROR', 'No endpoint'))).toMatchObject({ kind: 'toast', status: 404 });
    expect(apiFailureOf(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'toast', status: 0 });
  });

  it('the toast says what kind of failure it was, in words', () => {
    expect(toastMessageId({ status: 500, message: 'Internal error' })).toBe('quote.failure.generic');
    expect(toastMessageId({ status: 404, message: 'No endpoint POST /api/v2/quote/find/stream' })).toBe('quote.failure.status.404');
    expect(toastMessageId({ status: 0, message: 'Failed to fetch' })).toBe('quote.failure.network');
    expect(toastMessageId({ status: 409, message: 'quote.problem.DETAIL_FAILED' })).toBe('quote.problem.DETAIL_FAILED');
    for (const id of ['quote.failure.generic', 'quote.failure.status.400', 'quote.failure.status.401', 'quote.failure.status.403', 'quote.failure.status.404', 'quote.failure.network']) expect(t(id)).not.toBe(id);
  });

  it('names the fields as the form does', () => {
    expect(quoteFieldLabel('to.country', t)).toBe('Kam – Země');
    expect(quoteFieldLabel('packages.1.weight', t)).toBe('Zásilka 2 – Hmotnost (kg)');
  });

  it('the comparison keeps the failure of its last fetch, and forgets it when the next one starts', async () => {
    const store = createStore();
    await store.set(streamQuotesAtom, () => Promise.reject(new ApiClientError(400, 'FORM_VALIDATION_ERROR', 'Form validation failed', [countryError])));
    expect(store.get(quotesAtom)).toEqual([]);
    expect(store.get(quoteFailureAtom)).toEqual({ kind: 'fields', errors: [countryError] });
    let finish!: (quotes: Quote[]) => void;
    const next = store.set(streamQuotesAtom, () => new Promise<Quote[]>((resolve) => (finish = resolve)));
    expect(store.get(quoteFailureAtom)).toBeNull();
    finish([]);
    expect((await next).status).toBe('ok');
    expect(store.get(quoteFailureAtom)).toBeNull();
    await store.set(streamQuotesAtom, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(store.get(quoteFailureAtom)).toMatchObject({ kind: 'toast', status: 0 });
  });
});
