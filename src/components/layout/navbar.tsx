import { Link } from 'waku';
import { href, type PageLocale, type RouteId } from '../../routes';
import type { Translate } from '../../i18n';
import type { Territory } from '../../lib/types/quote';
import { CartLink } from './cart-link';
import { LocaleSwitcher } from './locale-switcher';
import { LoginDropdown } from './login-dropdown';
import { MobileMenu } from './mobile-menu';
import { TrackingDropdown } from './tracking-dropdown';
import { UserMenu, type Profile } from './user-menu';

export type NavbarProps = {
  locale: PageLocale;
  territory: Territory;
  t: Translate;
  business: boolean;
  /** configurator mode: only the user menu */
  simple?: boolean;
  signedIn: boolean;
  profile: Profile | null;
};

const PERSONAL_MENU: RouteId[] = ['price-lists', 'how-to-send', 'drop-off-points', 'contact'];
const BUSINESS_MENU: RouteId[] = ['business-integrations', 'business-carriers', 'business-international', 'business-get-offer'];

export function Navbar({ locale, territory, t, business, simple, signedIn, profile }: NavbarProps) {
  // the logo leads business users home to the business landing, except in sk
  const logoTarget = business && territory !== 'sk' ? href('business', locale) : href('home', locale);
  const menu = business ? BUSINESS_MENU : PERSONAL_MENU;
  const account = signedIn ? <UserMenu locale={locale} profile={profile} t={t} /> : <LoginDropdown locale={locale} />;
  return (
    <header className="navbar">
      <Link to={logoTarget} className="logo" aria-label={t('nav.home')}>
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
            <TrackingDropdown locale={locale} />
            {!business && <CartLink locale={locale} />}
            {business && profile?.has_contract && (
              <a href="https://manager.zasilkovac.cz" className="button">
                {t('nav.managerApp')}
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
              <Link to={href('tracking', locale)}>{t('nav.tracking')}</Link>
              <Link to={href('cart', locale)}>{t('nav.cart')}</Link>
              {signedIn ? (
                <Link to={href('klient-v2-prehled', locale)}>{t('nav.account')}</Link>
              ) : (
                <>
                  <Link to={href('login', locale)} className="button primary">
                    {t('nav.login')}
                  </Link>
                  <Link to={href('register', locale)} className="button">
                    {t('nav.register')}
                  </Link>
                </>
              )}
            </div>
          </MobileMenu>
        </>
      )}
    </header>
  );
}
