'use client';
import { useRouter } from 'waku';
import { switchLocale, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

const FLAGS: Record<string, string> = { cs: '🇨🇿', sk: '🇸🇰', en: '🇬🇧', es: '🇪🇸' };
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

/** Language list with flags and links to the other territory sites; keeps the current route. */
export function LocaleSwitcher({ locale, territory }: { locale: string; territory: string }) {
  const t = useT();
  const { path } = useRouter();
  const languages: PageLocale[] = ['cs', 'en'];
  return (
    <details className="dropdown locale-switcher">
      <summary aria-label={t('locale.label')}>
        <span aria-hidden="true">{FLAGS[locale]}</span> {locale.toUpperCase()}
      </summary>
      <div className="dropdown-panel" role="menu">
        <ul>
          {languages.map((l) => (
            <li key={l}>
              {/* a full page load: the locale cookie and every layout text change with it */}
              <a href={switchLocale(path, l)} hrefLang={l} lang={l} aria-current={l === locale ? 'true' : undefined} data-testid={`locale-${l}`} role="menuitem">
                <span aria-hidden="true">{FLAGS[l]}</span> {t(`locale.${l}`)}
              </a>
            </li>
          ))}
        </ul>
        <p className="dropdown-heading">{t('locale.territories')}</p>
        <ul>
          {TERRITORY_SITES.filter((s) => s.code !== territory).map((s) => (
            <li key={s.code}>
              <a href={s.url} rel="noopener" role="menuitem">
                <span aria-hidden="true">{s.flag}</span> {t(`territory.${s.code}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
