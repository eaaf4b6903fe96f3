import type { ContentLanguage } from '../../../lib/language';
import type { Territory } from '../../../lib/types/quote';
import { translator } from '../../../i18n';
import type { UserRow } from '../../db/repositories/users';
import type { OriginBindings } from '../../env';
import { cardGateway } from '../../payments/card/gateway';
import { creditBalance } from '../../payments/credit';
import { TERRITORY_CURRENCY } from '../quote-request';

/** spec §3 Payment method (GET v1/payment/methods; POST v1/orders accepts only these): id, name, provider, description (+ the account's balance for credit) */
export type PaymentMethod = { id: 'bank_transfer' | 'card' | 'credit'; name: string; provider: string; description: string; sandbox?: boolean; balance?: number; currency?: string };

export async function paymentMethods(env: OriginBindings, user: UserRow | null, language: ContentLanguage, territory: Territory): Promise<PaymentMethod[]> {
  const t = translator(language);
  const methods: PaymentMethod[] = [{ id: 'bank_transfer', name: t('payment.bank_transfer.name'), provider: 'bank', description: t('payment.bank_transfer.description') }];
  const gateway = cardGateway(env);
  if (gateway.mode !== 'unavailable') {
    methods.push({ id: 'card', name: t('payment.card.name'), provider: gateway.mode === 'sandbox' ? 'gopay-sandbox' : 'gopay', description: t(gateway.mode === 'sandbox' ? 'payment.card.sandbox' : 'payment.card.description'), sandbox: gateway.mode === 'sandbox' });
  }
  if (user) {
    const currency = TERRITORY_CURRENCY[territory];
    const balance = await creditBalance(env.DB, user.id, currency);
    if (balance > 0) methods.push({ id: 'credit', name: t('payment.credit.name'), provider: 'credit', description: t('payment.credit.description'), balance: balance / 100, currency });
  }
  return methods;
}
