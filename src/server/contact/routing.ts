import { CUSTOMER_CARE } from '../../lib/contacts';
import type { ContactTopic } from '../../lib/schemas/contact';
import type { Territory } from '../../lib/types/quote';
import type { OriginBindings } from '../env';

export const DEFAULT_PR_EMAIL = 'pr@zasilkovac.cz';
export const DEFAULT_SALES_EMAIL = 'obchod@zasilkovac.cz';

/**
 * The team address of each topic: CONTACT_CARE_EMAIL / CONTACT_PR_EMAIL /
 * CONTACT_SALES_EMAIL when set, else customer care of the territory (src/lib/contacts.ts)
 * and the public PR and sales addresses; any other topic goes to customer care.
 */
export function teamAddresses(
  env: Pick<OriginBindings, 'CONTACT_CARE_EMAIL' | 'CONTACT_PR_EMAIL' | 'CONTACT_SALES_EMAIL'>,
  territory: Territory,
): Record<ContactTopic, string> {
  return {
    customer_care: env.CONTACT_CARE_EMAIL || CUSTOMER_CARE[territory].email,
    pr_marketing: env.CONTACT_PR_EMAIL || DEFAULT_PR_EMAIL,
    sales: env.CONTACT_SALES_EMAIL || DEFAULT_SALES_EMAIL,
    other: env.CONTACT_CARE_EMAIL || CUSTOMER_CARE[territory].email,
  };
}
