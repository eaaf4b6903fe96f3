import { ContactPage } from '../components/contact/contact-page';
import type { PageProps } from './types';

/** /business/ziskat-nabidku = /en/business/get-offer: the offer request, for sales (issue 11) */
export function BusinessGetOfferPage({ locale }: PageProps<'business-get-offer'>) {
  return <ContactPage id="business-get-offer" form="offer" locale={locale} intro="contact.offerIntro" />;
}
