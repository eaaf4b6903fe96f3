import { EmailConfirm } from '../components/account/token-actions';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';

/** /klient/aktivace/:id, from the welcome e-mail: `id` is the confirmation token; whoever has the link may open it */
export function ClientActivatePage({ locale, params }: PageProps<'client-activate'>) {
  const t = translator(locale);
  return (
    <article className="page auth-page" data-route="client-activate">
      <title>{`${t('route.client-activate')} | ${t('app.name')}`}</title>
      <h1>{t('route.client-activate')}</h1>
      <MessagesProvider messages={pickMessages(locale, ['account.'])}>
        <EmailConfirm locale={linkLocale(locale)} token={params.id} />
      </MessagesProvider>
    </article>
  );
}
