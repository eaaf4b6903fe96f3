import { Link } from 'waku';
import type { Translate } from '../../i18n';
import { displayName, type BasicProfile } from '../../lib/types/user';
import { href, type PageLocale } from '../../routes';
import { isBusinessUser, USER_MENU, visibleItems, type UserNavItem } from './user-nav';
import { LazyLogoutButton } from './lazy-logout';

const DEFAULT_AVATAR =
  'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#dfe6f0"/><circle cx="16" cy="12" r="6" fill="#8795a8"/><path d="M5 27c2-6 7-8 11-8s9 2 11 8" fill="#8795a8"/></svg>');

export const Avatar = ({ profile, size }: { profile: BasicProfile; size: number }) => (
  <img src={profile.avatar || DEFAULT_AVATAR} alt="" width={size} height={size} className="avatar" />
);

/** contract tier (Easy, Profi, Flexi) with the business label */
export function TierTag({ profile, t }: { profile: BasicProfile; t: Translate }) {
  if (!profile.price_type && !isBusinessUser(profile)) return null;
  return (
    <span className="tag tier-tag" data-testid="tier-tag">
      {profile.price_type}
      {profile.price_type && isBusinessUser(profile) && ' · '}
      {isBusinessUser(profile) && <small>{t('user.business')}</small>}
    </span>
  );
}

/** the user menu's entries for this user (restrictions of spec §6), as list items */
export function UserMenuItems({ profile, locale, t }: { profile: BasicProfile; locale: PageLocale; t: Translate }) {
  return visibleItems(USER_MENU, profile).map((item: UserNavItem) => (
    <li key={item.label}>
      {'route' in item.to ? (
        <Link to={href(item.to.route as 'home', locale)}>{t(item.label)}</Link>
      ) : (
        <a href={item.to.external} rel="noopener">
          {t(item.label)} <span className="external-mark" aria-hidden="true" title={t('user.externalApp')}>↗</span><span className="visually-hidden">{t('user.externalApp')}</span>
        </a>
      )}
    </li>
  ));
}

/** User menu dropdown (spec §2.9): avatar, name (25 characters), tier tag, the entries and the logout. */
export function UserMenu({ locale, profile, t }: { locale: PageLocale; profile: BasicProfile; t: Translate }) {
  return (
    <details className="dropdown user-menu" data-testid="user-menu">
      <summary>
        <Avatar profile={profile} size={28} />
        <span className="visually-hidden">{t('user.menu')}: </span>
        <span className="user-summary">
          <span className="user-name" data-testid="user-name">
            {displayName(profile)}
          </span>
          <TierTag profile={profile} t={t} />
        </span>
      </summary>
      <div className="dropdown-panel user-menu-panel">
        <div className="user-menu-head">
          <Avatar profile={profile} size={40} />
          <div>
            <strong>{displayName(profile)}</strong>
            <span className="muted">{profile.email}</span>
            <TierTag profile={profile} t={t} />
          </div>
        </div>
        <ul>
          <UserMenuItems profile={profile} locale={locale} t={t} />
        </ul>
        <div className="dropdown-footer">
          <LazyLogoutButton locale={locale} />
        </div>
      </div>
    </details>
  );
}
