import { LogoutNow } from '../components/account/logout';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import type { PageProps } from './types';
import { href } from '../routes';

/** /klient/odhlaseni: a confirmation whose button signs out (a GET never does) */
export function LogoutPage({ locale }: PageProps<'klient-odhlaseni'>) {
  const t = translator(locale);
  return (
    <article className="page" data-route="klient-odhlaseni">
      <title>{`${t('route.klient-odhlaseni')} | ${t('app.name')}`}</title>
      <h1>{t('route.klient-odhlaseni')}</h1>
      <LogoutNow locale={linkLocale(locale)} action={href('klient-odhlaseni', linkLocale(locale))} />
    </article>
  );
}
