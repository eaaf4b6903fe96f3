import type { Territory } from '../../../lib/types/quote';
import type { ShopAccount } from './types';

/**
 * The shop's accounts customers pay to, per territory (CZK in Czechia, EUR in Slovakia).
 * Sample accounts with valid check digits; a deployment puts its own here.
 */
export const SHOP_ACCOUNTS: Record<Territory, ShopAccount> = {
  cz: { iban: 'CZ6508000000192000145399', account: '19-2000145399/0800', bic: 'GIBACZPX', holder: 'Zásilkovač s.r.o.' },
  sk: { iban: 'SK6802000000001987426388', account: 'SK6802000000001987426388', bic: 'SUBASKBX', holder: 'Zásilkovač s.r.o.' },
};
