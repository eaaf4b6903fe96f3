import { pathLocaleOf } from '../../lib/language';
import { translator, type MessageId } from '../../i18n';
import { CUSTOMER_CARE } from '../../lib/contacts';
import type { ContactSubmitOutput } from '../../lib/schemas/contact';
import type { Territory } from '../../lib/types/quote';
import { isWithinWorkingHours } from '../../lib/working-hours';
import { href } from '../../routes';
import type { OriginBindings } from '../env';
import { sendMail } from '../mail/send';
import type { MailLanguage } from '../mail/templates';
import { siteUrl } from '../services/accounts/links';

export type ContactSubmission = ContactSubmitOutput & { language: MailLanguage; territory: Territory; routedTo: string };

/** characters that would end the address of a mailto: link */
const mailtoAddress = (email: string) => email.replace(/[?&#%"<>]/g, (ch) => encodeURIComponent(ch));

/** the submitted fields as lines of the team's mail (Czech: the team's language) */
export function teamLines(s: ContactSubmission): string[] {
  const t = translator('cs');
  const field = (id: MessageId, value: string | null | undefined) => (value ? [t(id, { value })] : []);
  return [
    t('mail.contact.field.form', { value: t(`mail.contact.form.${s.form}`) }),
    t('mail.contact.field.topic', { value: t(`mail.contact.topic.${s.type}`) }),
    ...field('mail.contact.field.name', s.name),
    ...field('mail.contact.field.email', s.email),
    ...field('mail.contact.field.phone', s.phone),
    ...field('mail.contact.field.company', s.company),
    ...(s.form === 'offer' ? [...field('mail.contact.field.ico', s.ico), ...field('mail.contact.field.monthlyParcels', s.monthly_parcels)] : []),
    ...(s.form === 'contact' ? field('mail.contact.field.trackingNumber', s.tracking_number) : []),
    t('mail.contact.field.origin', { language: s.language, territory: s.territory }),
    t('mail.contact.field.message'),
    ...s.message.split(/\r?\n/).filter((l) => l.trim() !== ''),
  ];
}

/** the phone line of the acknowledgement: the number while the line is open, else that it is closed now */
export function ackPhoneLine(language: MailLanguage, territory: Territory, now: Date): string {
  const t = translator(language);
  return isWithinWorkingHours(now) ? t('mail.contact.ack.phoneOpen', { phone: CUSTOMER_CARE[territory].phone }) : t('mail.contact.ack.phoneClosed');
}

/** the team's mail, then the sender's acknowledgement; each lands in the outbox whatever the transport does */
export async function contactMails(env: OriginBindings, s: ContactSubmission, now: Date): Promise<void> {
  const cs = translator('cs');
  const subject = cs('mail.contact.team.subject', { form: cs(`mail.contact.form.${s.form}`), topic: cs(`mail.contact.topic.${s.type}`), name: s.name });
  await sendMail(env, {
    to: s.routedTo,
    template: 'contact_team',
    language: 'cs',
    name: cs('mail.contact.team.greetingName'),
    link: `mailto:${mailtoAddress(s.email)}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    values: { form: cs(`mail.contact.form.${s.form}`), topic: cs(`mail.contact.topic.${s.type}`), name: s.name },
    extra: teamLines(s),
  });
  await sendMail(env, {
    to: s.email,
    template: 'contact_ack',
    language: s.language,
    name: s.name,
    link: siteUrl(env, href('home', pathLocaleOf(s.language)), s.territory),
    extra: [ackPhoneLine(s.language, s.territory, now)],
  });
}
