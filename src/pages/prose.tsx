import '../components/content/markdown.css';
import { Breadcrumb } from '../components/content/breadcrumb';
import { PageMeta } from '../components/content/page-meta';
import { longDate, Markdown, readContentMeta } from '../components/content/markdown';
import { linkLocale } from '../components/layout/layouts';
import { translator, type MessageId } from '../i18n';
import { requestInfo } from '../request';
import type { PageProps } from './types';

/**
 * A page that is prose only: `src/content/pages/<name>.<locale>.md` under the route's title.
 * The file's front matter gives the description (`description: …`) and, optionally, a
 * `updated: YYYY-MM-DD` shown under the heading (legal texts).
 */
export const prosePage = (name: string) =>
  async function ProsePage({ id, locale }: PageProps) {
    const lang = linkLocale(locale);
    const t = translator(lang);
    const { territory } = requestInfo();
    const meta = await readContentMeta(name, lang);
    const title = meta.title ?? t(`route.${id}` as MessageId);
    return (
      <article className="page prose-page" data-route={id}>
        <PageMeta locale={lang} title={title} description={meta.description} />
        <Breadcrumb locale={lang} title={title} />
        <h1>{title}</h1>
        {meta.updated && <p className="muted">{t('content.updated', { date: longDate(meta.updated, lang) })}</p>}
        <Markdown name={name} locale={lang} territory={territory} />
      </article>
    );
  };
