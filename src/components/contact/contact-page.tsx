import type { ReactNode } from 'react';
import { pickMessages, translator, type MessageId } from '../../i18n';
import { CUSTOMER_CARE } from '../../lib/contacts';
import type { ContactForm as FormKind, ContactTopic } from '../../lib/schemas/contact';
import { isWithinWorkingHours } from '../../lib/working-hours';
import { href, type Locale } from '../../routes';
import { MessagesProvider } from '../i18n/client';
import { linkLocale } from '../layout/layouts';
import { ContactForm } from './contact-form';
import { addresses } from './contact-info-teams';
import { LineStatus } from './line-status';
import { PageMeta } from '../content/page-meta';

function Mail({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

/**
 * The contact form page and the business get-offer page (issue 11): the form island beside
 * the direct contacts of spec §2.9 with the working hours (§6). Readable without JavaScript;
 * sending needs it, which a <noscript> note says, with the addresses to write to instead.
 */
export function ContactPage({ id, form, locale, initialTopic, intro }: { id: 'contact-form' | 'business-get-offer'; form: FormKind; locale: Locale; initialTopic?: ContactTopic; intro: MessageId }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const title = t(`route.${id}`);
  const { territory, teams } = addresses();
  const care = CUSTOMER_CARE[territory];
  const noscriptTeams: [MessageId, string][] =
    form === 'offer'
      ? [['contact.direct.sales', teams.sales]]
      : [
          ['contact.direct.customerCare', teams.customer_care],
          ['contact.direct.pr', teams.pr_marketing],
          ['contact.direct.sales', teams.sales],
        ];
  const section = (heading: MessageId, children: ReactNode) => (
    <section>
      <h3>{t(heading)}</h3>
      {children}
    </section>
  );
  return (
    <article className="page contact-page" data-route={id}>
      <PageMeta locale={locale} title={title} description={t(`seo.${id}`)} />
      <h1>{title}</h1>
      <p className="muted">{t(intro)}</p>
      <MessagesProvider messages={pickMessages(locale, ['contact.'])}>
        <div className="contact-layout">
          <div className="contact-main">
            <noscript>
              <div className="acc-message acc-info contact-noscript" data-testid="contact-noscript">
                <p>{t('contact.noscript')}</p>
                <ul>
                  {noscriptTeams.map(([label, to]) => (
                    <li key={label}>
                      {t(label)}: <Mail to={to} />
                    </li>
                  ))}
                </ul>
              </div>
            </noscript>
            <ContactForm form={form} locale={l} initialTopic={initialTopic} homeHref={href('home', l)} privacyHref={href('privacy', l)} />
          </div>
          <aside className="contact-direct" aria-labelledby="contact-direct-title" data-testid="contact-direct">
            <h2 id="contact-direct-title">{t('contact.direct.title')}</h2>
            {section(
              'contact.direct.customerCare',
              <>
                <p>
                  {t('contact.direct.phone')}: <a href={`tel:${care.phone.replace(/\s/g, '')}`}>{care.phone}</a>
                  <br />
                  {t('contact.direct.email')}: <Mail to={teams.customer_care} />
                </p>
                <p className="contact-hours">
                  <span>{t('contact.hours')}</span> <LineStatus open={isWithinWorkingHours(new Date())} />
                </p>
              </>,
            )}
            {section(
              'contact.direct.pr',
              <p>
                {t('contact.direct.email')}: <Mail to={teams.pr_marketing} />
              </p>,
            )}
            {section(
              'contact.direct.sales',
              <p>
                {t('contact.direct.email')}: <Mail to={teams.sales} />
              </p>,
            )}
          </aside>
        </div>
      </MessagesProvider>
    </article>
  );
}
