import { Link } from 'waku';
import { translator } from '../../i18n';
import { absolute } from '../../lib/seo';
import { href, type Locale } from '../../routes';
import { linkLocale } from '../layout/layouts';
import { currentHost, siteHosts } from '../layout/seo-links';
import { JsonLd } from './page-meta';

export type Crumb = { name: string; path: string };

/**
 * Home › the pages above this one › this page: the visible trail and its schema.org
 * BreadcrumbList (absolute addresses on the host read; the page itself without one).
 */
export function Breadcrumb({ locale, trail = [], title }: { locale: Locale; trail?: Crumb[]; title: string }) {
  const t = translator(locale);
  const hosts = siteHosts();
  const host = currentHost(hosts);
  const links = [{ name: t('content.home'), path: href('home', linkLocale(locale)) as string }, ...trail];
  return (
    <>
      <nav aria-label={t('content.breadcrumb')} className="breadcrumb">
        {links.map((c) => (
          <span key={c.path}>
            <Link to={c.path as '/'}>{c.name}</Link> ›{' '}
          </span>
        ))}
        <span aria-current="page">{title}</span>
      </nav>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            ...links.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(locale, c.path, hosts, host) })),
            { '@type': 'ListItem', position: links.length + 1, name: title },
          ],
        }}
      />
    </>
  );
}
