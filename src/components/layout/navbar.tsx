import { Link } from 'waku';
import { href, matchRoute, type Locale, type PageLocale, type RouteId } from '../../routes';
import { requestData } from '../../request';
import type { Translate } from '../../i18n';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { displayName, type BasicProfile } from '../../lib/types/user';
import type { Territory } from '../../lib/types/quote';
import { CartLink } from './cart-link';
import { LocaleSwitcher } from './locale-switcher';
import { LoginDropdown } from './login-dropdown';
import { LoginFallback } from './login-fallback';
import { MobileMenu } from './mobile-menu';
import { TrackingDropdown } from './tracking-dropdown';
import { Avatar, TierTag, UserMenu, UserMenuItems } from './user-menu';
import { isBusinessUser } from './user-nav';
import { LazyLogoutButton } from './lazy-logout';

/** `?from=` the page being rendered (sign-in returns there; the layout renders again on each navigation) */
const fromHere = () => {
  const id = matchRoute(requestData().path ?? '/')?.id;
  return id ? `?from=${encodeURIComponent(id)}` : '';
};

export type NavbarProps = {
  /** the links' language */
  locale: PageLocale;
  /** the page's language (Slovak and Spanish pages link to the Czech paths) */
  language: Locale;
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

/** the main menu's links (the desktop bar and the mobile menu show the same) */
function MenuLinks({ menu, locale, t }: { menu: RouteId[]; locale: PageLocale; t: Translate }) {
  return (
    <ul>
      {menu.map((id) => (
        <li key={id}>
          <Link to={href(id as 'home', locale)}>{t(`route.${id}` as 'route.home')}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Navbar({ locale, language, territory, t, business, simple, profile }: NavbarProps) {
  // the logo leads business visitors and users home to the business landing, except in sk
  const logoTarget = (business || isBusinessUser(profile)) && territory !== 'sk' ? href('business', locale) : href('home', locale);
  const menu = business ? BUSINESS_MENU : PERSONAL_MENU;
  const account = profile ? <UserMenu locale={locale} profile={profile} t={t} /> : <LoginDropdown locale={locale} fallback={<LoginFallback locale={locale} t={t} />} />;
  return (
    <header className={simple ? 'navbar navbar-simple' : 'navbar'}>
      {/* the visible name first, then where it leads: the accessible name contains what is seen (WCAG 2.5.3) */}
      <Link to={logoTarget} className="logo" data-testid="logo">
        <span aria-hidden="true" className="logo-mark">
          Z
        </span>
        {t('app.name')}
        <span className="visually-hidden">{` – ${t('nav.home')}`}</span>
      </Link>
      {simple ? (
        <div className="navbar-right">{account}</div>
      ) : (
        <>
          <nav className="main-menu" aria-label={t('nav.menu')}>
            <MenuLinks menu={menu} locale={locale} t={t} />
          </nav>
          <div className="navbar-right">
            <TrackingDropdown locale={locale} signedIn={profile !== null} />
            {!business && <CartLink to={href('cart', locale)} />}
            {profile?.has_contract && (
              <a href={MANAGER_APP_URL} className="button manager-app-link" rel="noopener" title={t('user.externalApp')} data-testid="manager-app-link">
                {t('nav.managerApp')} <span aria-hidden="true">↗</span>
              </a>
            )}
            {account}
            <LocaleSwitcher language={language} territory={territory} t={t} idPrefix="locale-bar" />
          </div>
          {/* small screens: this menu replaces the main menu, tracking, cart, the login dropdown and the user menu */}
          <MobileMenu>
            {!profile && (
              <div className="mobile-auth" data-testid="mobile-auth">
                <a href={`${href('login', locale)}${fromHere()}`} className="button primary" data-testid="mobile-login" data-from-page="">
                  {t('nav.login')}
                </a>
                <a href={`${href('register', locale)}${fromHere()}`} className="button" data-testid="mobile-register" data-from-page="">
                  {t('nav.register')}
                </a>
              </div>
            )}
            {profile && (
              <section className="mobile-account" aria-labelledby="mobile-account-name" data-testid="mobile-account">
                <div className="user-menu-head">
                  <Avatar profile={profile} size={40} />
                  <div>
                    <strong id="mobile-account-name">{displayName(profile)}</strong>
                    <span className="muted">{profile.email}</span>
                    <TierTag profile={profile} t={t} />
                  </div>
                </div>
              </section>
            )}
            <ul className="mobile-shortcuts" aria-label={t('nav.shortcuts')}>
              <li>
                <Link to={href('tracking', locale)} className="mobile-shortcut" data-testid="mobile-tracking">
                  <ShortcutIcon kind="tracking" />
                  {t('nav.tracking')}
                </Link>
              </li>
              {!business && (
                <li>
                  <Link to={href('cart', locale)} className="mobile-shortcut" data-testid="mobile-cart">
                    <ShortcutIcon kind="cart" />
                    {t('nav.cart')}
                  </Link>
                </li>
              )}
              {profile && (
                <li>
                  <Link to={href('klient-v2-prehled', locale)} className="mobile-shortcut" data-testid="mobile-account-link">
                    <ShortcutIcon kind="account" />
                    {t('nav.account')}
                  </Link>
                </li>
              )}
            </ul>
            <nav className="mobile-nav" aria-label={t('nav.menu')}>
              <MenuLinks menu={menu} locale={locale} t={t} />
            </nav>
            {profile && (
              <div className="mobile-account-items">
                <ul aria-labelledby="mobile-account-name">
                  <UserMenuItems profile={profile} locale={locale} t={t} />
                </ul>
                <LazyLogoutButton locale={locale} className="button" />
              </div>
            )}
            <div className="mobile-locale">
              <LocaleSwitcher language={language} territory={territory} t={t} idPrefix="locale-mobile" />
            </div>
          </MobileMenu>
        </>
      )}
    </header>
  );
}

/** small line icons of the mobile shortcuts, drawn here (decorative: the text names the link) */
function ShortcutIcon({ kind }: { kind: 'tracking' | 'cart' | 'account' }) {
  const paths = {
    tracking: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
    cart: 'M3 4h2l2.4 11h10.2L20 8H6.2M9.5 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
    account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4.5 4.5-6 8-6s7 1.5 8 6',
  } as const;
  return (
    <svg className="shortcut-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
