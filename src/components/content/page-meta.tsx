import { translator } from '../../i18n';
import type { Locale } from '../../routes';

/**
 * A page's title and description for browsers, search engines and link previews (React
 * hoists these into <head>). The canonical URL and the hreflang alternates come from the
 * route table in the layout, so pages give only what is their own.
 */
export function PageMeta({ locale, title, description }: { locale: Locale; title: string; description: string }) {
  const t = translator(locale);
  const full = `${title} | ${t('app.name')}`;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('app.name')} />
    </>
  );
}

/** schema.org structured data; `<` is escaped so the JSON cannot end the script element */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
