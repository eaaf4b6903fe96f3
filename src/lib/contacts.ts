import type { Territory } from './types/quote';

/** Customer care of each territory (spec §6: contact details differ per territory). */
export const CUSTOMER_CARE: Record<Territory, { phone: string; email: string }> = {
  cz: { phone: '+420 228 882 288', email: 'podpora@zasilkovac.cz' },
  sk: { phone: '+421 233 056 288', email: 'podpora@zasilkovac.sk' },
};

/** The sales line (spec §6: a sales phone exists in the cz territory only). */
export const SALES_PHONE: Partial<Record<Territory, string>> = { cz: '+420 228 882 289' };
