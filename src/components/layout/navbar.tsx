import { Link } from 'waku';
import { href, type PageLocale, type RouteId } from '../../routes';
import type { Translate } from '../../i18n';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { displayName, type BasicProfile } from '../../lib/types/user';
import type { Territory } from '../../lib/types/quote';
import { LogoutButton } from '../account/logout';
import { CartLink } from './cart-link';
import { LocaleSwitcher } from './locale-switcher';
import { LoginDropdown } from './login-dropdown';
import { MobileMenu } from './mobile-menu';
import { TrackingDropdown } from './tracking-dropdown';
import { Avatar, TierTag, UserMenu, UserMenuItems } from './user-menu';
import { isBusinessUser } from './user-nav';

export type NavbarProps = {
  locale: PageLocale;
  territory: Territory;
  t: Translate;
  /** the business layout */
  business: boolean;
  /** configurator mode: only the user menu */
  simple?: boolean;
  /** the signed-in user (spec §4: a valid key and a loaded profile), else null */
  profile: BasicProfile | null;
};

const PERSONAL_MENU: RouteId[] = ['price-lists', 'how-to-send', 'drop-off-points', 'contact'];
const BUSINESS_MENU: RouteId[] = ['business-integrations', 'business-carriers', 'business-international', 'business-get-offer'];

export function Navbar({ locale, territory, t, business, simple, profile }: NavbarProps) {
  // the logo leads business visitors and users home to the business landing, except in sk
  const logoTarget = (business || isBusinessUser(profile)) && territory !== 'sk' ? href('business', locale) : href('home', locale);
  const menu = business ? BUSINESS_MENU : PERSONAL_MENU;
  const account = profile ? <UserMenu locale={locale} profile={profile} t={t} /> : <LoginDropdown locale={locale} />;
  return (
    <header className="navbar">
      <Link to={logoTarget} className="logo" aria-label={t('nav.home')} data-testid="logo">
        <span aria-hidden="true" className="logo-mark">
          Z
        </span>
        {t('app.name')}
      </Link>
      {simple ? (
        <div className="navbar-right">{account}</div>
      ) : (
        <>
          <nav className="main-menu" aria-label={t('nav.menu')}>
            <ul>
              {menu.map((id) => (
                <li key={id}>
                  <Link to={href(id as 'home', locale)}>{t(`route.${id}` as 'route.home')}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="navbar-right">
            <TrackingDropdown locale={locale} signedIn={profile !== null} />
            {!business && <CartLink locale={locale} />}
            {profile?.has_contract && (
              <a href={MANAGER_APP_URL} className="button manager-app-link" rel="noopener" title={t('user.externalApp')} data-testid="manager-app-link">
                {t('nav.managerApp')} <span aria-hidden="true">↗</span>
              </a>
            )}
            {account}
            <LocaleSwitcher locale={locale} territory={territory} />
          </div>
          <MobileMenu>
            <ul>
              {menu.map((id) => (
                <li key={id}>
                  <Link to={href(id as 'home', locale)}>{t(`route.${id}` as 'route.home')}</Link>
                </li>
              ))}
            </ul>
            <div className="mobile-shortcuts">
              <Link to={href('tracking', locale)} className="button">
                {t('nav.tracking')}
              </Link>
              {!business && (
                <Link to={href('cart', locale)} className="button">
                  {t('nav.cart')}
                </Link>
              )}
              {profile ? (
                <Link to={href('klient-v2-prehled', locale)} className="button">
                  {t('nav.account')}
                </Link>
              ) : (
                <>
                  <Link to={href('login', locale)} className="button primary" data-testid="mobile-login">
                    {t('nav.login')}
                  </Link>
                  <Link to={href('register', locale)} className="button" data-testid="mobile-register">
                    {t('nav.register')}
                  </Link>
                </>
              )}
            </div>
            {profile && (
              <section className="mobile-account" aria-label={t('nav.account')} data-testid="mobile-account">
                <div className="user-menu-head">
                  <Avatar profile={profile} size={40} />
                  <div>
                    <strong>{displayName(profile)}</strong>
                    <TierTag profile={profile} t={t} />
                  </div>
                </div>
                <ul>
                  <UserMenuItems profile={profile} locale={locale} t={t} />
                </ul>
                <LogoutButton locale={locale} className="button" />
              </section>
            )}
          </MobileMenu>
        </>
      )}
    </header>
  );
}
