import { Link } from 'waku';
import { apiCall } from '../api/server';
import { FaqCategoryNav, FaqJsonLd, FaqMore, FaqQuestions, renderQuestions } from '../components/faq/faq-list';
import '../components/faq/faq.css';
import { FaqSearchForm } from '../components/faq/search-form';
import { PageMeta } from '../components/content/page-meta';
import { linkLocale } from '../components/layout/layouts';
import { translator, type Translate } from '../i18n';
import { FAQ_QUERY_MAX, isContentId } from '../lib/schemas/page';
import { requestInfo } from '../request';
import { href, type PageLocale } from '../routes';
import type { FaqCategory, FaqCategoryWithQuestions, FaqSearchHit } from '../server/services/content/faq';
import { NotFoundPage } from './not-found';
import type { PageProps } from './types';
import { Breadcrumb } from '../components/content/breadcrumb';

/** FAQ (issue 13 item 4): the questions of `v1/page/faq`, by category, and a search that works without JavaScript. */

/** Home › FAQ › (a category or the search) */
const faqTrail = (locale: PageLocale, t: Translate, title?: string) =>
  title ? { trail: [{ name: t('route.faq'), path: href('faq', locale) as string }], title } : { title: t('route.faq') };

/** /casto-kladene-otazky: every category with its questions */
export async function FaqPage({ locale }: PageProps<'faq'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const { territory } = requestInfo();
  const res = await apiCall<{ categories: FaqCategoryWithQuestions[] }>('GET', '/v1/page/faq?get_all=true');
  const categories = res.ok ? res.data.categories.map((c) => ({ ...c, questions: renderQuestions(c.questions, l, territory) })) : [];
  return (
    <article className="page faq-page" data-route="faq">
      <PageMeta locale={l} title={t('route.faq')} description={t('faq.meta.description')} />
      <Breadcrumb locale={l} {...faqTrail(l, t)} />
      <h1>{t('route.faq')}</h1>
      <p className="lead">{t('faq.lead')}</p>
      <FaqSearchForm locale={l} t={t} />
      {res.ok ? (
        <div className="faq-layout">
          <FaqCategoryNav categories={categories} locale={l} t={t} title={t('faq.categories')} />
          <div>
            {categories.map((c) => (
              <section key={c.id} className="faq-section" aria-labelledby={`faq-category-${c.id}`}>
                <h2 id={`faq-category-${c.id}`}>
                  <Link to={href('faq-category', l, { id: String(c.id) })}>{c.name}</Link>
                </h2>
                <p className="muted">{c.description}</p>
                <FaqQuestions questions={c.questions} locale={l} t={t} />
              </section>
            ))}
            <FaqJsonLd questions={categories.flatMap((c) => c.questions)} />
          </div>
        </div>
      ) : (
        <p className="notice notice-error">{t('faq.unavailable')}</p>
      )}
      <FaqMore locale={l} t={t} />
    </article>
  );
}

/** /casto-kladene-otazky/kategorie/:id: one category, answers open; an unknown id is the 404 page */
export async function FaqCategoryPage({ locale, params }: PageProps<'faq-category'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const { territory } = requestInfo();
  if (!isContentId(params.id)) return <NotFoundPage />;
  const [one, list] = await Promise.all([
    apiCall<{ category: FaqCategoryWithQuestions }>('GET', `/v1/page/faq?id=${params.id}`),
    apiCall<{ categories: FaqCategory[] }>('GET', '/v1/page/faq'),
  ]);
  if (!one.ok && one.status === 404) return <NotFoundPage />;
  if (!one.ok) {
    return (
      <article className="page faq-page" data-route="faq-category">
        <PageMeta locale={l} title={t('route.faq-category')} description={t('faq.meta.description')} />
        <Breadcrumb locale={l} {...faqTrail(l, t, t('route.faq-category'))} />
        <h1>{t('route.faq-category')}</h1>
        <p className="notice notice-error">{t('faq.unavailable')}</p>
      </article>
    );
  }
  const { category } = one.data;
  const questions = renderQuestions(category.questions, l, territory);
  return (
    <article className="page faq-page" data-route="faq-category">
      <PageMeta locale={l} title={category.name} description={t('faq.category.meta.description', { name: category.name, description: category.description })} />
      <FaqJsonLd questions={questions} />
      <Breadcrumb locale={l} {...faqTrail(l, t, category.name)} />
      <h1>{category.name}</h1>
      <p className="lead">{category.description}</p>
      <FaqSearchForm locale={l} t={t} />
      <div className="faq-layout">
        <section className="faq-section" aria-label={category.name}>
          <FaqQuestions questions={questions} open locale={l} t={t} />
          <p className="content-back">
            <Link to={href('faq', l)}>← {t('faq.category.all')}</Link>
          </p>
        </section>
        {list.ok ? <FaqCategoryNav categories={list.data.categories} locale={l} t={t} current={category.id} title={t('faq.categories')} /> : null}
      </div>
      <FaqMore locale={l} t={t} />
    </article>
  );
}

/** /casto-kladene-otazky/vyhledat?q=…: the search (a GET form, no JavaScript needed) */
export async function FaqSearchPage({ locale, query }: PageProps<'faq-search'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const { territory } = requestInfo();
  const q = (new URLSearchParams(query).get('q') ?? '').trim().slice(0, FAQ_QUERY_MAX);
  const [found, list] = await Promise.all([
    q ? apiCall<{ query: string; questions: FaqSearchHit[] }>('GET', `/v1/page/faq?q=${encodeURIComponent(q)}`) : null,
    apiCall<{ categories: FaqCategory[] }>('GET', '/v1/page/faq'),
  ]);
  const hits = found?.ok ? renderQuestions(found.data.questions, l, territory) : [];
  return (
    <article className="page faq-page" data-route="faq-search">
      <PageMeta locale={l} title={q ? `${t('route.faq-search')}: ${q}` : t('route.faq-search')} description={t('faq.search.meta.description')} />
      {q ? <meta name="robots" content="noindex, follow" /> : null}
      <Breadcrumb locale={l} {...faqTrail(l, t, t('route.faq-search'))} />
      <h1>{t('route.faq-search')}</h1>
      <FaqSearchForm locale={l} t={t} query={q} />
      <div aria-live="polite" data-testid="faq-search-results">
        {!q ? (
          <p>{t('faq.search.empty')}</p>
        ) : found && !found.ok ? (
          <p className="notice notice-error">{t('faq.unavailable')}</p>
        ) : hits.length === 0 ? (
          <p className="notice">{t('faq.search.none', { query: q })}</p>
        ) : (
          <>
            <p>{t('faq.search.results', { count: hits.length, query: q })}</p>
            <FaqQuestions questions={hits} open locale={l} t={t} />
          </>
        )}
      </div>
      {list.ok ? (
        <div className="faq-search-categories">
          <FaqCategoryNav categories={list.data.categories} locale={l} t={t} title={t('faq.categories')} />
        </div>
      ) : null}
      <FaqMore locale={l} t={t} />
    </article>
  );
}
