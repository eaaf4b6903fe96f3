import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import { CUSTOMER_CARE } from '../lib/contacts';
import { requestInfo } from '../request';
import { href } from '../routes';
import type { PageProps } from './types';

/** Where a blocked account lands (empty layout): why it cannot sign in, and whom to ask. */
export function AccountDisabledPage({ locale }: PageProps<'account-disabled'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const care = CUSTOMER_CARE[requestInfo().territory];
  return (
    <article className="page auth-page" data-route="account-disabled">
      <title>{`${t('route.account-disabled')} | ${t('app.name')}`}</title>
      <h1>{t('route.account-disabled')}</h1>
      <p>{t('account.disabledText')}</p>
      <p>
        {t('account.disabledContact')}
        <br />
        <a href={`tel:${care.phone.replace(/\s/g, '')}`}>{care.phone}</a> · <a href={`mailto:${care.email}`}>{care.email}</a>
      </p>
      <p>
        <a href={href('home', l)} className="button primary">
          {t('account.toHome')}
        </a>
      </p>
    </article>
  );
}
