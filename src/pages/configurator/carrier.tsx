import { apiCall } from '../../api/server';
import { changeShipmentHref, NoUsableQuote } from '../../components/quote/comparison-notes';
import { quoteCountries } from '../../components/quote/countries';
import { linkLocale } from '../../components/layout/layouts';
import { QuoteCard } from '../../components/quote/quote-card';
import { CarrierRecap, QuoteComparison } from '../../components/quote/quote-comparison';
import { translator } from '../../i18n';
import { isUsableQuote, noUsableQuoteAdvice } from '../../lib/quote-advice';
import { cheapestQuote } from '../../lib/quote-rules';
import { draftFromQuery } from '../../lib/quote-query';
import { draftToQuoteRequest } from '../../lib/quote-request';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote } from '../../lib/types/quote';
import { requestInfo } from '../../request';
import { href, type PageLocale } from '../../routes';
import type { PageProps } from '../types';

/**
 * A quote the comparison gives without its final price (a courier with booked time
 * windows) is priced here as the client's detail fetch would: without JavaScript nobody
 * else would, and the card must not wait for a price for ever.
 */
async function completeQuote(draft: ShipmentDraft, quote: Quote): Promise<Quote> {
  if (quote.complete) return quote;
  const body = { ...draftToQuoteRequest(draft, { complete: true, serviceId: quote.serviceId }), service_group_id: quote.serviceId, type: quote.type };
  const res = await apiCall<Quote>('POST', '/v2/quote/detail', body).catch(() => null);
  if (res?.ok) return { ...res.data, id: quote.id };
  return { ...quote, complete: true, price: null, priceVat: null, errors: [...quote.errors, { code: 'DETAIL_FAILED', message: 'DETAIL_FAILED' }] };
}

/** the comparison rendered on the server, for a form sent without JavaScript */
async function ServerComparison({ draft, locale }: { draft: ShipmentDraft; locale: PageLocale }) {
  const t = translator(locale);
  const res = await apiCall<Quote[]>('POST', '/v2/quote/find', draftToQuoteRequest(draft));
  if (!res.ok) {
    return <p className="notice ssr-only">{t('quote.failed')}</p>;
  }
  const completed = await Promise.all(res.data.map((q) => completeQuote(draft, q)));
  const byPrice = (a: Quote, b: Quote) => (a.priceVat?.value ?? Infinity) - (b.priceVat?.value ?? Infinity);
  // usable offers first by price, then the unavailable ones with their reasons
  const quotes = [...completed.filter(isUsableQuote).sort(byPrice), ...completed.filter((q) => !isUsableQuote(q))];
  const cheapest = cheapestQuote(quotes);
  const advice = noUsableQuoteAdvice(quotes, draft);
  const tr = (id: string, values?: Record<string, string | number>) => t(id as 'quote.select', values);
  return (
    <div className="ssr-only" data-testid="ssr-comparison">
      {advice.length > 0 && <NoUsableQuote advice={advice} t={tr} changeHref={changeShipmentHref(draft, locale)} />}
      <p className="muted">{quotes.length === 0 ? t('quote.none') : t('quote.countUsable', { count: quotes.filter(isUsableQuote).length })}</p>
      <ul className="quote-list">
        {quotes.map((q) => (
          <QuoteCard key={q.id} quote={q} locale={locale} t={tr} cheapest={q.id === cheapest?.id} draft={draft} />
        ))}
      </ul>
    </div>
  );
}

export async function CarrierStepPage({ locale, query }: PageProps<'configurator-carrier'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const queryDraft = draftFromQuery(new URLSearchParams(query), requestInfo().territory);
  const countryNames = Object.fromEntries((await quoteCountries()).map((c) => [c.code, c.name]));
  return (
    <article className="page step-page">
      <title>{`${t('route.configurator-carrier')} | ${t('app.name')}`}</title>
      <h1>{t('route.configurator-carrier')}</h1>
      <noscript>
        <p className="notice noscript-notice" data-testid="noscript-notice">
          {queryDraft ? t('quote.noscript') : t('configurator.noscript')} {!queryDraft && <a href={href('home', l)}>{t('quote.startOver')}</a>}
        </p>
      </noscript>
      <CarrierRecap locale={l} queryDraft={queryDraft} countryNames={countryNames} />
      <QuoteComparison locale={l} queryDraft={queryDraft} />
      {/* without JavaScript the server compares (no Suspense: revealing a streamed boundary needs
          JavaScript); once hydrated, the streamed list replaces it (.ssr-only) */}
      {queryDraft && <ServerComparison draft={queryDraft} locale={l} />}
    </article>
  );
}
