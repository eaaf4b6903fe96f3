import { Link } from 'waku';
import { JsonLd } from '../content/page-meta';
import { siteHosts } from '../layout/seo-links';
import { translator } from '../../i18n';
import { absolute } from '../../lib/seo';
import type { Locale } from '../../routes';

export type Crumb = { name: string; path: string };

/** Úvod › … › this page, with its schema.org BreadcrumbList (absolute addresses on the page's own host) */
export function Breadcrumb({ locale, trail, title, path }: { locale: Locale; trail: Crumb[]; title: string; path: string }) {
  const t = translator(locale);
  const hosts = siteHosts();
  const all = [...trail, { name: title, path }];
  return (
    <>
      <nav aria-label={t('content.breadcrumb')} className="breadcrumb">
        {trail.map((c) => (
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
          itemListElement: all.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(locale, c.path, hosts) })),
        }}
      />
    </>
  );
}
