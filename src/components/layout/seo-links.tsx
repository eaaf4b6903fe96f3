import { honoContext, requestData, requestInfo } from '../../request';
import { seoOf, type Hosts } from '../../lib/seo';
import { SEO_SLUGS } from '../../lib/seo-slugs';

const OG_LOCALE: Record<string, string> = { cs: 'cs_CZ', en: 'en_US', sk: 'sk_SK', es: 'es_ES' };

export function siteHosts(): Hosts {
  const env = honoContext().env;
  return { scheme: env.PUBLIC_SCHEME ?? 'https', czHost: env.CZ_HOST, skHost: env.SK_HOST ?? env.CZ_HOST };
}

/** the configured host the request came to (the Slovak or the Czech one) */
export function currentHost(hosts = siteHosts()): string {
  try {
    return new URL(honoContext().req.url).host === hosts.skHost ? hosts.skHost : hosts.czHost;
  } catch {
    return hosts.czHost; // outside a request (tests)
  }
}

/** canonical address, hreflang alternates and og:url of the page (from the route table) */
export function SeoLinks() {
  const path = requestData().path;
  if (!path) return null;
  const hosts = siteHosts();
  const seo = seoOf(path, currentHost(hosts), hosts, SEO_SLUGS);
  if (!seo) return null;
  return (
    <>
      <link rel="canonical" href={seo.canonical} />
      {seo.alternates.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:url" content={seo.canonical} />
      {/* the language this answer is in (root paths speak the visitor's choice, src/edge/locale.ts) */}
      <meta property="og:locale" content={OG_LOCALE[requestInfo().locale] ?? OG_LOCALE[seo.locale]} />
    </>
  );
}
