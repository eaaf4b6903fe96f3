import { CUSTOMER_CARE, SALES_PHONE } from '../../lib/contacts';
import { OPERATOR } from '../../lib/company';
import type { Territory } from '../../lib/types/quote';
import type { Segment } from '../../lib/types/user';
import { WORKING_HOURS } from '../../lib/working-hours';

export { SALES_PHONE };

export type ContactTeams = { customer_care: string; pr_marketing: string; sales: string };

/**
 * Which phones a visitor is shown (spec §6): customer care for segments A, B and C, sales
 * (cz only) for A and B; an anonymous visitor sees what a consumer or a company would. Both
 * only in working time, which the page leaves to PhoneWhenOpen (server answer, then the
 * browser's own clock).
 */
export function visiblePhones(territory: Territory, segment: Segment | null): { care: string; sales: string | null } {
  const sales = segment === 'C' ? null : (SALES_PHONE[territory] ?? null);
  return { care: CUSTOMER_CARE[territory].phone, sales };
}

/** "110 00" */
export const formatZip = (zip: string) => zip.replace(/^(\d{3})(\d{2})$/, '$1 $2');

const e164 = (phone: string) => phone.replace(/\s/g, '');

/** schema.org Organization of the operator with its contact points (for the territory's site) */
export function organizationData({ origin, territory, teams, salesPhone, name }: { origin: string | null; territory: Territory; teams: ContactTeams; salesPhone: string | null; name: string }) {
  const hours = {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: `${String(WORKING_HOURS.from).padStart(2, '0')}:00`,
    closes: `${String(WORKING_HOURS.to).padStart(2, '0')}:00`,
  };
  const area = territory.toUpperCase();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    legalName: OPERATOR.name,
    ...(origin ? { url: `${origin}/` } : {}),
    taxID: OPERATOR.ico,
    vatID: OPERATOR.dic,
    address: {
      '@type': 'PostalAddress',
      streetAddress: OPERATOR.street,
      addressLocality: OPERATOR.city,
      postalCode: formatZip(OPERATOR.zip),
      addressCountry: OPERATOR.country,
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer service', telephone: e164(CUSTOMER_CARE[territory].phone), email: teams.customer_care, areaServed: area, availableLanguage: ['cs', 'en'], hoursAvailable: hours },
      { '@type': 'ContactPoint', contactType: 'sales', email: teams.sales, areaServed: ['CZ', 'SK'], ...(salesPhone ? { telephone: e164(salesPhone), hoursAvailable: hours } : {}) },
      { '@type': 'ContactPoint', contactType: 'public relations', email: teams.pr_marketing },
    ],
  };
}
