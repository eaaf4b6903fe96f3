import { href, type PageLocale } from '../../routes';
import type { Translate } from '../../i18n';

export type Profile = {
  email: string;
  firstname?: string | null;
  surname?: string | null;
  company?: string | null;
  avatar?: string | null;
  price_type?: 'Easy' | 'Profi' | 'Flexi' | null;
  user_segment?: 'A' | 'B' | 'C';
  has_contract?: boolean;
};

const NAME_MAX = 25;

/** spec §3: company, else first and last name, else e-mail; truncated to 25 characters */
export function displayName(p: Profile): string {
  const person = [p.firstname, p.surname].filter(Boolean).join(' ');
  const name = p.company || person || p.email;
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX)}…` : name;
}

const DEFAULT_AVATAR =
  'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#dfe6f0"/><circle cx="16" cy="12" r="6" fill="#8795a8"/><path d="M5 27c2-6 7-8 11-8s9 2 11 8" fill="#8795a8"/></svg>');

/** User menu dropdown: avatar, name, contract tier tag and the account links. */
export function UserMenu({ locale, profile, t }: { locale: PageLocale; profile: Profile | null; t: Translate }) {
  const name = profile ? displayName(profile) : t('user.guest');
  return (
    <details className="dropdown user-menu">
      <summary aria-label={t('user.menu')}>
        <img src={profile?.avatar || DEFAULT_AVATAR} alt="" width={28} height={28} className="avatar" />
        <span className="user-name">{name}</span>
        {profile?.price_type && (
          <span className="tag">
            {profile.price_type} <small>{t('user.business')}</small>
          </span>
        )}
      </summary>
      <ul className="dropdown-panel" role="menu">
        <li>
          <a href={href('klient-v2-prehled', locale)} role="menuitem">{t('client.nav.overview')}</a>
        </li>
        <li>
          <a href={href('klient-v2-objednavky', locale)} role="menuitem">{t('client.nav.shipments')}</a>
        </li>
        <li>
          <a href={href('klient-v2-nastaveni', locale)} role="menuitem">{t('client.nav.settings')}</a>
        </li>
        <li className="dropdown-footer">
          <a href={href('klient-odhlaseni', locale)} role="menuitem">{t('user.logout')}</a>
        </li>
      </ul>
    </details>
  );
}
