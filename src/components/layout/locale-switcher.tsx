import type { Translate } from '../../i18n';
import type { Locale } from '../../routes';

/** spec §2.9: every language with its country's flag */
const LANGUAGES = [
  { code: 'cs', flag: '🇨🇿' },
  { code: 'sk', flag: '🇸🇰' },
  { code: 'en', flag: '🇬🇧' },
  { code: 'es', flag: '🇪🇸' },
] as const;
/** other territory sites (spec §1); the current root domain is hidden */
const TERRITORY_SITES = [
  { code: 'cz', flag: '🇨🇿', url: 'https://www.zasilkovac.cz' },
  { code: 'sk', flag: '🇸🇰', url: 'https://www.zasilkovac.sk' },
  { code: 'za', flag: '🇿🇦', url: 'https://www.zasilkovac.co.za' },
  { code: 'es', flag: '🇪🇸', url: 'https://www.zasilkovac.es' },
  { code: 'pl', flag: '🇵🇱', url: 'https://www.zasilkovac.pl' },
  { code: 'ro', flag: '🇷🇴', url: 'https://www.zasilkovac.ro' },
  { code: 'bg', flag: '🇧🇬', url: 'https://www.zasilkovac.bg' },
] as const;

/**
 * Language list with flags and links to the other territory sites; keeps the current route.
 * A language link is `?locale=<code>`: relative to the page's own address, so it is the current
 * path whichever page the visitor has since moved to in the browser (the layout, and with it this
 * menu, is not rendered again on a client-side navigation). The edge keeps the choice in the
 * locale cookie and answers with the same route in that language (src/edge/locale.ts
 * switchTarget), so it works without JavaScript and for root paths, whose language is not in the
 * path. A server component: the page loads no JavaScript for it.
 */
export function LocaleSwitcher({ language, territory, t, idPrefix }: { language: Locale; territory: string; t: Translate; idPrefix: string }) {
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];
  const label = t('locale.label');
  const territoriesId = `${idPrefix}-territories`;
  return (
    <details className="dropdown locale-switcher" data-testid="locale-switcher">
      {/* the accessible name starts with the visible text (axe label-content-name-mismatch) */}
      <summary title={label}>
        <span aria-hidden="true">{current.flag}</span> <span lang={current.code}>{current.code.toUpperCase()}</span>
        <span className="visually-hidden"> – {label}</span>
      </summary>
      <div className="dropdown-panel">
        <ul aria-label={label}>
          {LANGUAGES.map(({ code, flag }) => (
            <li key={code}>
              {/* a full page load: the locale cookie and every layout text change with it */}
              <a
                href={`?locale=${code}`}
                hrefLang={code}
                lang={code}
                aria-current={code === current.code ? 'true' : undefined}
                style={code === current.code ? { fontWeight: 700 } : undefined}
                data-testid={`locale-${code}`}
                rel="nofollow"
              >
                <span aria-hidden="true">{flag}</span> {t(`locale.${code}`)}
              </a>
            </li>
          ))}
        </ul>
        <p className="dropdown-heading" id={territoriesId}>
          {t('locale.territories')}
        </p>
        <ul aria-labelledby={territoriesId}>
          {TERRITORY_SITES.filter((s) => s.code !== territory).map((s) => (
            <li key={s.code}>
              <a href={s.url} rel="noopener">
                <span aria-hidden="true">{s.flag}</span> {t(`territory.${s.code}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
