import type { Translate } from '../../i18n';
import { href, type PageLocale } from '../../routes';

/** The FAQ search: a plain GET form to the search page, so it works without JavaScript. */
export function FaqSearchForm({ locale, t, query = '' }: { locale: PageLocale; t: Translate; query?: string }) {
  return (
    <form className="faq-search" method="get" action={href('faq-search', locale)} role="search" data-testid="faq-search-form">
      <label htmlFor="faq-q">{t('faq.search.label')}</label>
      <div className="faq-search-row">
        <input id="faq-q" name="q" type="search" defaultValue={query} maxLength={100} aria-describedby="faq-q-hint" autoComplete="off" />
        <button type="submit" className="button primary">
          {t('faq.search.submit')}
        </button>
      </div>
      <p id="faq-q-hint" className="muted faq-search-hint">
        {t('faq.search.hint')}
      </p>
    </form>
  );
}
