import type { Territory } from './types/quote';

/** Customer care of each territory (spec §6: contact details differ per territory). */
export const CUSTOMER_CARE: Record<Territory, { phone: string; email: string }> = {
  cz: { phone: '+420 228 882 288', email: 'podpora@zasilkovac.cz' },
  sk: { phone: '+421 233 056 288', email: 'podpora@zasilkovac.sk' },
};
