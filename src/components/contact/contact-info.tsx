import { Link } from 'waku';
import type { ReactNode } from 'react';
import { translator, type MessageId } from '../../i18n';
import { CUSTOMER_CARE } from '../../lib/contacts';
import { OPERATOR } from '../../lib/company';
import type { Territory } from '../../lib/types/quote';
import { isWithinWorkingHours } from '../../lib/working-hours';
import { href, type PageLocale } from '../../routes';
import { formatZip, type ContactTeams } from './contact-info-data';
import { PhoneWhenOpen } from './contact-info-phone';
import { LineStatus } from './line-status';
import './contact.css';
import './contact-info.css';

const OTHER: Record<Territory, Territory> = { cz: 'sk', sk: 'cz' };

const Mail = ({ to }: { to: string }) => <a href={`mailto:${to}`}>{to}</a>;

function Card({ heading, who, children, action }: { heading: string; who: string; children: ReactNode; action: ReactNode }) {
  return (
    <section className="contact-info-card">
      <h3>{heading}</h3>
      <p className="contact-info-who">{who}</p>
      {children}
      <p className="contact-info-action">{action}</p>
    </section>
  );
}

/** spec §2.9 direct contact: customer care, PR and marketing, companies and sales, each with the form preset to its topic */
export function DirectContacts({ locale, territory, teams, phones, now }: { locale: PageLocale; territory: Territory; teams: ContactTeams; phones: { care: string; sales: string | null }; now: Date }) {
  const t = translator(locale);
  const open = isWithinWorkingHours(now);
  const closed = t('content.contact.phoneClosed');
  const other = OTHER[territory];
  const phone = (number: string) => <PhoneWhenOpen open={open} phone={number} label={t('contact.direct.phone')} closed={closed} />;
  const form = (topic: keyof ContactTeams) => `${href('contact-form', locale)}?topic=${topic}` as const;
  const write = (topic: keyof ContactTeams) => <Link to={form(topic)}>{t('content.contact.writeUs')}</Link>;
  return (
    <section aria-labelledby="contact-direct" data-testid="contact-direct">
      <h2 id="contact-direct">{t('contact.direct.title')}</h2>
      <p>{t('content.contact.directIntro')}</p>
      <div className="contact-info-grid">
        <Card
          heading={t('contact.direct.customerCare')}
          who={t('contact.topic.customer_careHint')}
          action={
            <Link className="button primary" to={form('customer_care')}>
              {t('content.contact.writeUs')}
            </Link>
          }
        >
          <p className="contact-hours">
            <span>
              {t('content.contact.hoursLabel')}: {t('contact.hours')}
            </span>{' '}
            <LineStatus open={open} />
          </p>
          <p data-testid="care-phone">{phone(phones.care)}</p>
          <p>
            {t('contact.direct.email')}: <Mail to={teams.customer_care} />
          </p>
          <p className="contact-info-other">
            {t(`content.contact.otherCare.${other}` as MessageId)}: <Mail to={CUSTOMER_CARE[other].email} />
            <br />
            <PhoneWhenOpen open={open} phone={CUSTOMER_CARE[other].phone} label={t('contact.direct.phone')} />
          </p>
        </Card>
        <Card heading={t('contact.direct.pr')} who={t('contact.topic.pr_marketingHint')} action={write('pr_marketing')}>
          <p>
            {t('contact.direct.email')}: <Mail to={teams.pr_marketing} />
          </p>
        </Card>
        <Card
          heading={t('contact.direct.sales')}
          who={t('contact.topic.salesHint')}
          action={
            <>
              {write('sales')} · <Link to={href('business-get-offer', locale)}>{t('content.contact.getOffer')}</Link>
            </>
          }
        >
          {phones.sales && <p data-testid="sales-phone">{phone(phones.sales)}</p>}
          <p>
            {t('contact.direct.email')}: <Mail to={teams.sales} />
          </p>
        </Card>
      </div>
    </section>
  );
}

/** the FAQ, tracking, claims and change requests: self-service before writing */
export function SelfHelp({ locale }: { locale: PageLocale }) {
  const t = translator(locale);
  const items = [
    ['faq', 'content.contact.help.faq'],
    ['tracking', 'content.contact.help.tracking'],
    ['claim', 'content.contact.help.claim'],
    ['change-request', 'content.contact.help.change'],
  ] as const;
  return (
    <section aria-labelledby="contact-help">
      <h2 id="contact-help">{t('content.contact.help.title')}</h2>
      <ul className="contact-info-help">
        {items.map(([id, text]) => (
          <li key={id}>
            <Link to={href(id, locale)}>{t(`route.${id}`)}</Link>: {t(text)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** the operator from configuration: name, registered office, company and VAT ids, data box */
export function Operator({ locale }: { locale: PageLocale }) {
  const t = translator(locale);
  return (
    <section aria-labelledby="contact-operator" className="contact-info-operator">
      <h2 id="contact-operator">{t('content.contact.operator.title')}</h2>
      <p>{t('content.contact.operator.text')}</p>
      <address data-testid="operator">
        <strong>{OPERATOR.name}</strong>
        <br />
        {OPERATOR.street}
        <br />
        {formatZip(OPERATOR.zip)} {OPERATOR.city}
        <br />
        {t('content.contact.operator.country')}
      </address>
      <dl>
        <dt>{t('footer.ico')}</dt>
        <dd>{OPERATOR.ico}</dd>
        <dt>{t('footer.dic')}</dt>
        <dd>{OPERATOR.dic}</dd>
        <dt>{t('footer.dataBox')}</dt>
        <dd>{OPERATOR.dataBox}</dd>
      </dl>
    </section>
  );
}
