import { Link } from 'waku';
import { linkLocale } from '../components/layout/layouts';
import { translator, type MessageId } from '../i18n';
import { href } from '../routes';
import type { PageProps } from './types';

/** A page whose full content comes in a later step: its real title and heading, and a way on. */
export function InfoPage({ id, locale, params }: PageProps) {
  const t = translator(locale);
  const title = t(`route.${id}` as MessageId);
  const entries = Object.entries(params as Record<string, string>);
  return (
    <article className="page" data-route={id}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      {entries.length > 0 && (
        <p className="muted" data-testid="route-params">
          {entries.map(([k, v]) => `${k}: ${v}`).join(' · ')}
        </p>
      )}
      <p>{t('page.comingSoon')}</p>
      <p>
        <Link to={href('home', linkLocale(locale))} className="button primary">
          {t('notFound.home')}
        </Link>
      </p>
    </article>
  );
}
