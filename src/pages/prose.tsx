import { ProseArticle } from '../components/content/prose-article';
import { linkLocale } from '../components/layout/layouts';
import type { PageProps } from './types';

/** A page that is prose only: `src/content/pages/<name>.<locale>.md` under the route's title. */
export const prosePage = (name: string) =>
  function ProsePage({ id, locale }: PageProps) {
    return <ProseArticle id={id} locale={linkLocale(locale)} name={name} className="prose-page" />;
  };
