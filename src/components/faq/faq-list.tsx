import { Link } from 'waku';
import type { Translate } from '../../i18n';
import type { Territory } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';
import type { FaqCategory, FaqQuestion } from '../../server/services/content/faq';
import { JsonLd } from '../content/page-meta';
import { renderMarkdown } from './render';

type Rendered = FaqQuestion & { html: string };

/** the answers as HTML, rendered once for the list and the structured data alike */
export const renderQuestions = <Q extends FaqQuestion>(questions: readonly Q[], locale: PageLocale, territory: Territory): (Q & { html: string })[] =>
  questions.map((q) => ({ ...q, html: renderMarkdown(q.answer, locale, territory) }));

/**
 * Questions as disclosure widgets (they open and close without JavaScript); `open` shows every
 * answer. A search hit names its category with a link.
 */
export function FaqQuestions({ questions, open = false, locale, t }: { questions: readonly (Rendered & { category_name?: string })[]; open?: boolean; locale: PageLocale; t: Translate }) {
  return (
    <ul className="faq-questions">
      {questions.map((q) => (
        <li key={q.id} id={`q${q.id}`}>
          <details className="faq-item" open={open}>
            <summary>{q.question}</summary>
            <div className="prose faq-answer" dangerouslySetInnerHTML={{ __html: q.html }} />
            {q.category_name ? (
              <p className="muted faq-in-category">
                <Link to={href('faq-category', locale, { id: String(q.category_id) })}>{t('faq.search.category', { name: q.category_name })}</Link>
              </p>
            ) : null}
          </details>
        </li>
      ))}
    </ul>
  );
}

/** links to every category with its number of questions; the current one is marked */
export function FaqCategoryNav({ categories, locale, t, current, title }: { categories: readonly FaqCategory[]; locale: PageLocale; t: Translate; current?: number; title: string }) {
  return (
    <nav className="faq-categories" aria-labelledby="faq-categories-title">
      <h2 id="faq-categories-title">{title}</h2>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={href('faq-category', locale, { id: String(c.id) })} aria-current={c.id === current ? 'page' : undefined}>
              {c.name}
            </Link>{' '}
            <span className="muted">({t('faq.category.count', { count: c.question_count })})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** where to turn when the answer is not here */
export function FaqMore({ locale, t }: { locale: PageLocale; t: Translate }) {
  return (
    <aside className="faq-more" aria-labelledby="faq-more-title">
      <h2 id="faq-more-title">{t('faq.more.title')}</h2>
      <p>{t('faq.more.text')}</p>
      <p className="faq-more-links">
        <Link className="button primary" to={href('contact-form', locale)}>
          {t('faq.more.form')}
        </Link>
        <Link className="button" to={href('contact', locale)}>
          {t('faq.more.contacts')}
        </Link>
      </p>
    </aside>
  );
}

/** schema.org FAQPage of the questions shown */
export function FaqJsonLd({ questions }: { questions: readonly Rendered[] }) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.html } })),
      }}
    />
  );
}
