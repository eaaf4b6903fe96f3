import { Link } from 'waku';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import { markNotFound, requestInfo } from '../request';
import { href } from '../routes';

export function NotFoundPage() {
  markNotFound();
  const locale = requestInfo().locale;
  const t = translator(locale);
  const l = linkLocale(locale);
  return (
    <article className="page not-found">
      <title>{`${t('notFound.title')} | ${t('app.name')}`}</title>
      <h1 data-testid="not-found">{t('notFound.title')}</h1>
      <p>{t('notFound.subtitle')}</p>
      <ul className="link-list">
        <li><Link to={href('home', l)}>{t('notFound.home')}</Link></li>
        <li><Link to={href('login', l)}>{t('notFound.login')}</Link></li>
        <li><Link to={href('contact', l)}>{t('notFound.contact')}</Link></li>
      </ul>
    </article>
  );
}
