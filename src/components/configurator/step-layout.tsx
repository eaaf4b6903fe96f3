'use client';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'waku';
import { asidePrice, chosenExtras } from '../../lib/configurator-form';
import { formatDay, formatMoney } from '../../lib/format';
import type { Money, Quote } from '../../lib/types/quote';
import type { PageLocale } from '../../routes';
import { collectionPointAtom, deliveryPointAtom, draftAtom, selectedQuoteAtom } from '../../state/configurator';
import { fetchQuoteDetail } from './api';
import { useT } from '../i18n/client';
import { FormMessages, type StepForm } from './form';
import type { stepHref } from './step-gate';
import { serviceNameBeside, handoverOf } from '../../lib/quote-rules';

export const intlLocaleOf = (locale: PageLocale) => (locale === 'en' ? 'en-US' : locale === 'sk' ? 'sk-SK' : 'cs-CZ');

const EXTRAS_DEBOUNCE_MS = 400;

/** the price with the extras the draft chooses (COD, insurance…), asked of the origin as they change; null until known */
function useExtrasPrice(quote: Quote, locale: PageLocale) {
  const draft = useAtomValue(draftAtom);
  const collectionPoint = useAtomValue(collectionPointAtom);
  const deliveryPoint = useAtomValue(deliveryPointAtom);
  const extras = draft ? chosenExtras(draft.services, draft.currency) : '';
  const [priced, setPriced] = useState<{ extras: string; priceVat: Money | null } | null>(null);
  const latest = useRef({ draft, quote, collectionPoint, deliveryPoint });
  latest.current = { draft, quote, collectionPoint, deliveryPoint };
  const charged = asidePrice(quote, '', null).extras !== 'none';
  useEffect(() => {
    if (!extras && !charged) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const { draft: current, ...selection } = latest.current;
      if (!current) return;
      fetchQuoteDetail(current, selection, locale, abort.signal)
        .then((detail) => setPriced({ extras, priceVat: detail.priceVat }))
        .catch(() => undefined);
    }, EXTRAS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [extras, charged, locale]);
  return asidePrice(quote, extras, priced);
}

/** The chosen service beside the form: carrier, price with VAT (and the extras once priced) and the expected dates. */
export function QuoteAside({ quote, locale }: { quote: Quote; locale: PageLocale }) {
  const t = useT();
  const intl = intlLocaleOf(locale);
  const { pickupDate, deliveryDate } = quote.timeInTransit;
  const shown = useExtrasPrice(quote, locale);
  const label = { none: 'configurator.price.withVat', included: 'configurator.price.withExtras', excluded: 'configurator.price.withoutExtras' } as const;
  return (
    <aside className="cfg-aside" aria-label={t('configurator.aside.title')} data-testid="quote-aside">
      <p className="cfg-aside-label">{t('configurator.aside.title')}</p>
      <p className="cfg-aside-carrier">
        <strong>{quote.carrier.name}</strong>
        {serviceNameBeside(quote.carrier.name, quote.serviceName) && <span>{quote.serviceName}</span>}
      </p>
      {shown.price && (
        <p className="cfg-aside-price" data-testid="quote-aside-price" data-extras={shown.extras}>
          {formatMoney(shown.price.value, shown.price.currency, intl)}
          <span className="cfg-hint"> {t(label[shown.extras])}</span>
        </p>
      )}
      <dl>
        {pickupDate && (
          <>
            <dt>{t(handoverOf(quote) === 'pickup' ? 'configurator.aside.pickup' : 'configurator.aside.handIn')}</dt>
            <dd>{formatDay(pickupDate, intl)}</dd>
          </>
        )}
        {deliveryDate && (
          <>
            <dt>{t('configurator.aside.delivery')}</dt>
            <dd>{formatDay(deliveryDate, intl)}</dd>
          </>
        )}
      </dl>
    </aside>
  );
}

type Props = {
  form: StepForm;
  locale: PageLocale;
  back: { to: ReturnType<typeof stepHref>; label: string };
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
};

/** A step's form beside the quote summary, with the back link and the submit button. */
export function StepLayout({ form, locale, back, submitLabel, onSubmit, children }: Props) {
  const quote = useAtomValue(selectedQuoteAtom);
  return (
    <div className="cfg-layout">
      <form
        method="post"
        ref={form.formRef}
        className="cfg-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormMessages form={form} />
        {children}
        <div className="cfg-actions">
          <Link to={back.to} className="button">
            ← {back.label}
          </Link>
          <button type="submit" className="button primary cfg-submit" data-testid="step-submit">
            {submitLabel}
          </button>
        </div>
      </form>
      {quote && <QuoteAside quote={quote} locale={locale} />}
    </div>
  );
}
