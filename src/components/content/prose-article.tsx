import type { ReactNode } from 'react';
import { translator, type MessageId } from '../../i18n';
import { requestInfo } from '../../request';
import { href, type PageLocale, type RouteId } from '../../routes';
import { Breadcrumb } from './breadcrumb';
import { longDate, Markdown, readContentMeta } from './markdown';
import { PageMeta } from './page-meta';
import './markdown.css';

/**
 * A page whose body is `src/content/pages/<name>.<locale>.md` under the route's title: the
 * description from the file's front matter, the breadcrumb through the routes above it, an
 * `updated:` date when the file gives one (legal texts), then whatever the page adds below.
 */
export async function ProseArticle(props: { id: RouteId; locale: PageLocale; name: string; className: string; above?: readonly RouteId[]; children?: ReactNode }) {
  const { id, locale, name } = props;
  const t = translator(locale);
  const meta = await readContentMeta(name, locale);
  const title = meta.title ?? t(`route.${id}` as MessageId);
  const trail = (props.above ?? []).map((above) => ({ name: t(`route.${above}` as MessageId), path: href(above as 'home', locale) as string }));
  return (
    <article className={`page ${props.className}`} data-route={id}>
      <PageMeta locale={locale} title={title} description={meta.description} />
      <Breadcrumb locale={locale} title={title} trail={trail} />
      <h1>{title}</h1>
      {meta.updated && <p className="muted">{t('content.updated', { date: longDate(meta.updated, locale) })}</p>}
      <Markdown name={name} locale={locale} territory={requestInfo().territory} />
      {props.children}
    </article>
  );
}
