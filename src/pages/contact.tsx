import '../components/content/markdown.css';
import { addresses } from '../components/contact/contact-info-teams';
import { DirectContacts, Operator, SelfHelp } from '../components/contact/contact-info';
import { organizationData, visiblePhones } from '../components/contact/contact-info-data';
import { MessagesProvider } from '../components/i18n/client';
import { JsonLd, PageMeta } from '../components/content/page-meta';
import { linkLocale, loadProfile } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import { honoContext } from '../request';
import type { PageProps } from './types';
import { Breadcrumb } from '../components/content/breadcrumb';

function siteOrigin(): string | null {
  try {
    return new URL(honoContext().req.url).origin;
  } catch {
    return null; // rendered outside a request
  }
}

/**
 * /kontakt = /en/contact (spec §2.1, §2.9, §6): the operator, customer care of the territory,
 * the direct-contact section and the ways to help yourself. The same page for every visitor
 * of one site; only the territory (host) and a signed-in user's segment change it (the sales
 * line is not for partners), and the phones appear in working time only.
 */
export async function ContactInfoPage({ locale }: PageProps<'contact'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const { territory, teams } = addresses();
  const profile = await loadProfile();
  const phones = visiblePhones(territory, profile?.user_segment ?? null);
  const now = new Date();
  const title = t('route.contact');
  return (
    <article className="page contact-info-page" data-route="contact">
      <PageMeta locale={l} title={title} description={t('content.contact.description')} />
      <JsonLd data={organizationData({ origin: siteOrigin(), territory, teams, salesPhone: phones.sales, name: t('app.name') })} />
      <Breadcrumb locale={l} title={title} />
      <h1>{title}</h1>
      <p className="muted">{t('content.contact.intro')}</p>
      <MessagesProvider messages={pickMessages(l, ['contact.line'])}>
        <DirectContacts locale={l} territory={territory} teams={teams} phones={phones} now={now} />
      </MessagesProvider>
      <SelfHelp locale={l} />
      <Operator locale={l} />
    </article>
  );
}
