import { Link } from 'waku';
import { apiCall } from '../api/server';
import { JsonLd, PageMeta } from '../components/content/page-meta';
import '../components/content/markdown.css';
import '../components/faq/faq.css';
import { CAREERS_EMAIL, longDate, renderMarkdown } from '../components/faq/render';
import { linkLocale } from '../components/layout/layouts';
import { translator, type MessageId, type Translate } from '../i18n';
import { OPERATOR } from '../lib/company';
import { isContentId, isNewsToken } from '../lib/schemas/page';
import { requestInfo } from '../request';
import { href, type PageLocale, type RouteId } from '../routes';
import type { Career, CareerDetail, NewsDetail, NewsPage as NewsList } from '../server/services/content/news';
import { NotFoundPage } from './not-found';
import type { PageProps } from './types';
import { Breadcrumb } from '../components/content/breadcrumb';

/** News and careers (issue 13 item 6): lists and details from D1 through `v1/page/news` and `v1/page/careers`. */

/** Home › News (or Career) › an article or a position */
const listTrail = (locale: PageLocale, t: Translate, list: 'news' | 'career', title?: string) => {
  const listTitle = t(`route.${list}` as MessageId);
  return title ? { trail: [{ name: listTitle, path: href(list, locale) as string }], title } : { title: listTitle };
};

/** a description for search engines from a perex: at most 160 characters, cut at a word */
const describe = (text: string) => (text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`);

const organization = { '@type': 'Organization', name: OPERATOR.name };

/** /novinky: newest first, ten a page (?page=2 …) */
export async function NewsPage({ locale, query }: PageProps<'news'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(new URLSearchParams(query).get('page') ?? '1', 10) || 1));
  const res = await apiCall<NewsList>('GET', `/v1/page/news?page=${page}`);
  const link = (p: number) => (p === 1 ? href('news', l) : `${href('news', l)}?page=${p}`);
  return (
    <article className="page news-page" data-route="news">
      <PageMeta locale={l} title={t('route.news')} description={t('faq.news.meta.description')} />
      <Breadcrumb locale={l} {...listTrail(l, t, "news")} />
      <h1>{t('route.news')}</h1>
      <p className="lead">{t('faq.news.lead')}</p>
      {!res.ok ? (
        <p className="notice notice-error">{t('faq.news.unavailable')}</p>
      ) : res.data.items.length === 0 ? (
        <p>{t('faq.news.empty')}</p>
      ) : (
        <>
          <ul className="content-list" data-testid="news-list">
            {res.data.items.map((n) => (
              <li key={n.token} className="content-card">
                <p className="content-meta">
                  <time dateTime={n.published_on}>{longDate(n.published_on, l)}</time>
                </p>
                <h2>
                  <Link to={href('news-detail', l, { token: n.token })}>{n.title}</Link>
                </h2>
                <p>{n.perex}</p>
                <p>
                  <Link to={href('news-detail', l, { token: n.token })}>
                    {t('faq.news.readMore')}
                    <span className="visually-hidden">: {n.title}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          {res.data.pages > 1 ? (
            <nav className="content-pages" aria-label={t('faq.news.pages')}>
              {page > 1 ? <a href={link(page - 1)}>← {t('faq.news.newer')}</a> : null}
              <span>{t('faq.news.page', { page, pages: res.data.pages })}</span>
              {page < res.data.pages ? <a href={link(page + 1)}>{t('faq.news.older')} →</a> : null}
            </nav>
          ) : null}
        </>
      )}
    </article>
  );
}

/** /novinky/:token: one article; an unknown token is the 404 page */
export async function NewsDetailPage({ locale, params }: PageProps<'news-detail'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  if (!isNewsToken(params.token)) return <NotFoundPage />;
  const res = await apiCall<NewsDetail>('GET', `/v1/page/news/${params.token}`);
  if (!res.ok) return res.status === 404 ? <NotFoundPage /> : <Unavailable id="news-detail" locale={l} t={t} text={t('faq.news.unavailable')} />;
  const n = res.data;
  return (
    <article className="page news-page" data-route="news-detail">
      <PageMeta locale={l} title={n.title} description={describe(n.perex)} />
      <JsonLd data={{ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: n.title, description: n.perex, datePublished: n.published_on, inLanguage: l, author: organization, publisher: organization }} />
      <Breadcrumb locale={l} {...listTrail(l, t, "news", n.title)} />
      <h1>{n.title}</h1>
      <p className="content-meta">
        {t('faq.news.published', { date: longDate(n.published_on, l) })}
      </p>
      <p className="lead">{n.perex}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(n.body, l, requestInfo().territory) }} />
      <p className="content-back">
        <Link to={href('news', l)}>← {t('faq.news.back')}</Link>
      </p>
    </article>
  );
}

const careerType = (t: Translate, type: Career['type']) => t(`faq.career.type.${type}` as MessageId);

/** /kariera: the open positions */
export async function CareerPage({ locale }: PageProps<'career'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const res = await apiCall<Career[]>('GET', '/v1/page/careers');
  return (
    <article className="page career-page" data-route="career">
      <PageMeta locale={l} title={t('route.career')} description={t('faq.career.meta.description')} />
      <Breadcrumb locale={l} {...listTrail(l, t, "career")} />
      <h1>{t('route.career')}</h1>
      <p className="lead">{t('faq.career.lead')}</p>
      <h2>{t('faq.career.open')}</h2>
      {!res.ok ? (
        <p className="notice notice-error">{t('faq.career.unavailable')}</p>
      ) : res.data.length === 0 ? (
        <p>{t('faq.career.none', { email: CAREERS_EMAIL })}</p>
      ) : (
        <ul className="content-list" data-testid="career-list">
          {res.data.map((c) => (
            <li key={c.id} className="content-card">
              <h3>
                <Link to={href('career-detail', l, { id: String(c.id) })}>{c.title}</Link>
              </h3>
              <p className="content-meta">
                {c.place} · {careerType(t, c.type)}
              </p>
              <p>{c.perex}</p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

const EMPLOYMENT_TYPE: Record<Career['type'], string> = { full_time: 'FULL_TIME', part_time: 'PART_TIME', contract: 'CONTRACTOR', internship: 'INTERN' };

/** /kariera/:id: one position; an unknown or closed one is the 404 page */
export async function CareerDetailPage({ locale, params }: PageProps<'career-detail'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  if (!isContentId(params.id)) return <NotFoundPage />;
  const res = await apiCall<CareerDetail>('GET', `/v1/page/careers/${params.id}`);
  if (!res.ok) return res.status === 404 ? <NotFoundPage /> : <Unavailable id="career-detail" locale={l} t={t} text={t('faq.career.unavailable')} />;
  const c = res.data;
  const html = renderMarkdown(c.body, l, requestInfo().territory);
  const mail = `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(c.title)}`;
  return (
    <article className="page career-page" data-route="career-detail">
      <PageMeta locale={l} title={c.title} description={describe(`${c.place}, ${careerType(t, c.type).toLowerCase()}. ${c.perex}`)} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: c.title,
          description: html,
          datePosted: c.published_on,
          employmentType: EMPLOYMENT_TYPE[c.type],
          hiringOrganization: organization,
          jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: c.place, addressCountry: 'CZ' } },
        }}
      />
      <Breadcrumb locale={l} {...listTrail(l, t, "career", c.title)} />
      <h1>{c.title}</h1>
      <dl className="career-facts">
        <dt>{t('faq.career.place')}</dt>
        <dd>{c.place}</dd>
        <dt>{t('faq.career.typeLabel')}</dt>
        <dd>{careerType(t, c.type)}</dd>
      </dl>
      <p className="lead">{c.perex}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="career-apply" aria-labelledby="career-apply-title">
        <h2 id="career-apply-title">{t('faq.career.apply.title')}</h2>
        <p>{t('faq.career.apply.text', { email: CAREERS_EMAIL })}</p>
        <a className="button primary" href={mail}>
          {t('faq.career.apply.button')}
        </a>
      </aside>
      <p className="content-meta content-back">{t('faq.career.published', { date: longDate(c.published_on, l) })}</p>
      <p>
        <Link to={href('career', l)}>← {t('faq.career.back')}</Link>
      </p>
    </article>
  );
}

/** the API failed (not a 404): the page says so instead of failing */
function Unavailable({ id, locale, t, text }: { id: RouteId; locale: PageLocale; t: Translate; text: string }) {
  const title = t(`route.${id}` as MessageId);
  return (
    <article className="page" data-route={id}>
      <PageMeta locale={locale} title={title} description={text} />
      <h1>{title}</h1>
      <p className="notice notice-error">{text}</p>
    </article>
  );
}
