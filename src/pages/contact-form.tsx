import { ContactPage } from '../components/contact/contact-page';
import { CONTACT_TOPICS, type ContactTopic } from '../lib/schemas/contact';
import type { PageProps } from './types';

/** ?topic=pr_marketing (or sales) preselects the topic; customer care otherwise */
const topicOfQuery = (query: string): ContactTopic | undefined => {
  const topic = new URLSearchParams(query).get('topic');
  return CONTACT_TOPICS.find((known) => known === topic);
};

/** /kontaktni-formular = /en/contact-form (spec §2.1, issue 11) */
export function ContactFormPage({ locale, query }: PageProps<'contact-form'>) {
  return <ContactPage id="contact-form" form="contact" locale={locale} initialTopic={topicOfQuery(query)} intro="contact.intro" />;
}
