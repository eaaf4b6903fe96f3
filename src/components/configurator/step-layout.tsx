'use client';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { formatDay, formatMoney } from '../../lib/format';
import type { Quote } from '../../lib/types/quote';
import type { PageLocale } from '../../routes';
import { selectedQuoteAtom } from '../../state/configurator';
import { useT } from '../i18n/client';
import { FormMessages, type StepForm } from './form';
import type { stepHref } from './step-gate';
import { serviceNameBeside, handoverOf } from '../../lib/quote-rules';

export const intlLocaleOf = (locale: PageLocale) => (locale === 'en' ? 'en-US' : locale === 'sk' ? 'sk-SK' : 'cs-CZ');

/** The chosen service beside the form: carrier, price with VAT and the expected dates. */
export function QuoteAside({ quote, locale }: { quote: Quote; locale: PageLocale }) {
  const t = useT();
  const intl = intlLocaleOf(locale);
  const { pickupDate, deliveryDate } = quote.timeInTransit;
  return (
    <aside className="cfg-aside" aria-label={t('configurator.aside.title')} data-testid="quote-aside">
      <p className="cfg-aside-label">{t('configurator.aside.title')}</p>
      <p className="cfg-aside-carrier">
        <strong>{quote.carrier.name}</strong>
        {serviceNameBeside(quote.carrier.name, quote.serviceName) && <span>{quote.serviceName}</span>}
      </p>
      {quote.priceVat && (
        <p className="cfg-aside-price">
          {formatMoney(quote.priceVat.value, quote.priceVat.currency, intl)}
          <span className="cfg-hint"> {t('configurator.price.withVat')}</span>
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
