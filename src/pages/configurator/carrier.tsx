import { apiCall } from '../../api/server';
import { linkLocale } from '../../components/layout/layouts';
import { QuoteCard } from '../../components/quote/quote-card';
import { QuoteComparison } from '../../components/quote/quote-comparison';
import { translator } from '../../i18n';
import { cheapestQuote } from '../../lib/quote-rules';
import { draftFromQuery } from '../../lib/quote-query';
import { draftToQuoteRequest } from '../../lib/quote-request';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Quote } from '../../lib/types/quote';
import { requestInfo } from '../../request';
import type { PageProps } from '../types';

/** the comparison rendered on the server, for a form sent without JavaScript */
async function ServerComparison({ draft, locale }: { draft: ShipmentDraft; locale: 'cs' | 'en' }) {
  const t = translator(locale);
  const res = await apiCall<Quote[]>('POST', '/v2/quote/find', draftToQuoteRequest(draft));
  if (!res.ok) {
    return <p className="notice">{t('quote.failed')}</p>;
  }
  const quotes = [...res.data].sort((a, b) => (a.priceVat?.value ?? Infinity) - (b.priceVat?.value ?? Infinity));
  const cheapest = cheapestQuote(quotes);
  return (
    <ul className="quote-list ssr-only" data-testid="ssr-comparison">
      {quotes.map((q) => (
        <QuoteCard key={q.id} quote={q} locale={locale} t={(id, values) => t(id as 'quote.select', values)} cheapest={q.id === cheapest?.id} />
      ))}
    </ul>
  );
}

export async function CarrierStepPage({ locale, query }: PageProps<'configurator-carrier'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const queryDraft = draftFromQuery(new URLSearchParams(query), requestInfo().territory);
  return (
    <article className="page step-page">
      <title>{`${t('route.configurator-carrier')} | ${t('app.name')}`}</title>
      <h1>{t('route.configurator-carrier')}</h1>
      <QuoteComparison locale={l} queryDraft={queryDraft} />
      {/* without JavaScript the server compares (no Suspense: revealing a streamed boundary needs
          JavaScript); once hydrated, the streamed list replaces it (.ssr-only) */}
      {queryDraft && <ServerComparison draft={queryDraft} locale={l} />}
    </article>
  );
}
