import { OPERATOR } from '../../lib/company';
import { Link } from 'waku';
import { apiGetOptional } from '../../api/server';
import { href, type PageLocale, type RouteId } from '../../routes';
import type { Translate } from '../../i18n';
import { CUSTOMER_CARE } from '../../lib/contacts';
import { formatNumber } from '../../lib/format';
import type { Territory } from '../../lib/types/quote';

const COPYRIGHT_FROM = 2014;

const COLUMNS: { title: string; links: RouteId[] }[] = [
  { title: 'footer.services', links: ['price-lists', 'price-list-abroad', 'price-list-domestic', 'cash-on-delivery', 'tyres', 'drop-off-points'] },
  { title: 'footer.help', links: ['how-to-send', 'packaging', 'faq', 'tracking', 'claim', 'prohibited-items'] },
  { title: 'footer.companyCol', links: ['about', 'career', 'news', 'reviews', 'contact', 'business'] },
  { title: 'footer.legal', links: ['terms', 'privacy', 'claims-policy', 'personal-data', 'data-processing-agreement', 'single-information-point'] },
];

type Rating = { avg: number; total: number };

export async function Footer({ locale, territory, t, build }: { locale: PageLocale; territory: Territory; t: Translate; build: string }) {
  const rating = await apiGetOptional<Rating>('/v1/app/aggregate-rating');
  const contact = CUSTOMER_CARE[territory];
  return (
    <footer className="footer">
      <div className="footer-columns">
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(col.title as 'footer.services')}>
            <h2>{t(col.title as 'footer.services')}</h2>
            <ul>
              {col.links.map((id) => (
                <li key={id}>
                  <Link to={href(id as 'home', locale)}>{t(`route.${id}` as 'route.home')}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-label={t('footer.company')}>
          <h2>{t('footer.customerCare')}</h2>
          <p>
            <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
            <br />
            <small>{t('footer.phoneHours')}</small>
            <br />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <h2>{t('footer.company')}</h2>
          <address>
            {t('footer.companyName')}
            <br />
            {t('footer.address')}
            <br />
            {t('footer.ico')}: {OPERATOR.ico} · {t('footer.dic')}: {OPERATOR.dic}
            <br />
            {t('footer.dataBox')}: {OPERATOR.dataBox}
          </address>
        </section>
      </div>
      <div className="footer-bottom">
        {rating && rating.total > 0 && (
          <p className="footer-rating" data-testid="footer-rating">
            <span className="stars" aria-hidden="true" style={{ ['--rating' as string]: rating.avg }} />
            {t('footer.rating', { avg: formatNumber(rating.avg, locale, { maximumFractionDigits: 1 }), total: rating.total })}
          </p>
        )}
        <p className="social">
          {t('footer.social')}: <a href="https://www.facebook.com/" rel="noopener">Facebook</a> · <a href="https://www.instagram.com/" rel="noopener">Instagram</a> ·{' '}
          <a href="https://www.linkedin.com/" rel="noopener">LinkedIn</a>
        </p>
        <p>{t('footer.copyright', { from: COPYRIGHT_FROM, to: new Date().getFullYear() })}</p>
        <p className="build" data-testid="build">
          {t('footer.build', { build })}
        </p>
      </div>
    </footer>
  );
}
