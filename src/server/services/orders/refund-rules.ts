import { czechAccountToIban, isValidCzechBankAccount, isValidIban, looksLikeIban, normalizeIban } from '../../../lib/validators';
import type { Territory } from '../../../lib/types/quote';
import type { RefundStatus } from '../../db/schema';

/**
 * The rules of refunds (issue 25), without the database: how much, which way, and where a
 * refund stands. Money goes back the way it came; a signed-in owner's transfer (or credit)
 * goes to the account's credit, as storno always did.
 */
export type RefundWay = 'card' | 'credit' | 'bank_transfer';

export type RefundWayInput = {
  paymentMethod: string | null;
  gatewayRef: string | null;
  userId: number | null;
  /** billed on account and its monthly invoice not issued yet: nothing was paid */
  onAccountUninvoiced: boolean;
};

/** which way a cancelled item's price goes back, or null when nothing was paid for it */
export function refundWay(o: RefundWayInput): RefundWay | null {
  if (o.onAccountUninvoiced) return null;
  if (o.paymentMethod === 'card' && o.gatewayRef) return 'card';
  if (o.userId) return 'credit';
  return 'bank_transfer';
}

/**
 * What goes back for one cancelled item: its price as ordered (discount applied), but never
 * more than what was received for the order minus what its other items already got back.
 */
export function refundAmount(a: { priceMinor: number; receivedMinor: number; alreadyRefundedMinor: number }): number {
  return Math.max(0, Math.min(a.priceMinor, a.receivedMinor - a.alreadyRefundedMinor));
}

/** the unique key of a refund: one per cancelled shipment, one per payment the order did not keep */
export const shipmentRefundKey = (shipmentId: number) => `shipment:${shipmentId}`;
export const overpaymentRefundKey = (ref: { bankRef: string } | { cardRef: string }) => ('bankRef' in ref ? `over:${ref.bankRef}` : `over:card:${ref.cardRef}`);

/** each step once and forward only: requested → sent → settled (a bank refund seen on the statement settles from either) */
export function canMoveRefund(from: RefundStatus, to: RefundStatus): boolean {
  return (from === 'requested' && (to === 'sent' || to === 'settled')) || (from === 'sent' && to === 'settled');
}

export type RefundState = RefundStatus | 'waiting_for_account';

/** where a refund stands for the payer: a bank refund without an account waits for them */
export function refundState(r: { method: RefundWay; status: RefundStatus; payerAccount: string | null }): RefundState {
  return r.method === 'bank_transfer' && r.status === 'requested' && !r.payerAccount ? 'waiting_for_account' : r.status;
}

/**
 * The payer's account as given on the order page: a Czech account 'prefix-number/bank' with
 * its check digits or an IBAN; in Slovakia an IBAN. Null when it is fine, else the error id.
 */
export function payerAccountError(value: string, territory: Territory): 'order.refunds.account_invalid' | 'order.refunds.iban_required' | null {
  const iban = looksLikeIban(value);
  if (territory === 'sk' && !iban) return 'order.refunds.iban_required';
  return (iban ? isValidIban(value) : isValidCzechBankAccount(value)) ? null : 'order.refunds.account_invalid';
}

/** stored form: an IBAN without spaces in capitals, a Czech account without spaces */
export const normalizePayerAccount = (value: string) => (looksLikeIban(value) ? normalizeIban(value) : value.replace(/\s+/g, ''));

/**
 * The counter-account a statement line gave, in the form a refund can be sent to, or null
 * (then the payer is asked): a valid Czech account, or an IBAN; a Slovak bank's 'number/bank'
 * becomes its IBAN (the same structure as the Czech one).
 */
export function statementPayerAccount(account: string | null, territory: Territory): string | null {
  if (!account) return null;
  if (looksLikeIban(account)) return isValidIban(account) ? normalizeIban(account) : null;
  if (territory === 'cz') return isValidCzechBankAccount(account) ? normalizePayerAccount(account) : null;
  // a Slovak statement gives number/bank in the same layout, with a Slovak bank code
  const [number, bank, ...rest] = account.replace(/\s+/g, '').split('/');
  return rest.length === 0 && number && bank ? czechAccountToIban(number, bank, 'SK') : null;
}

/** the marker a refund's outgoing payment carries (message and comment) so the statement line finds it */
export const refundMarker = (refundId: number) => `REFUND-${refundId}`;

/**
 * Whether an outgoing statement line is the payment of this refund: its specific symbol or
 * its message names the refund, and it is exactly the refund's amount in its currency.
 */
export function isRefundLine(
  line: { amountMinor: number; currency: string; specificSymbol?: string | null; message?: string | null },
  refund: { id: number; amountMinor: number; currency: string },
): boolean {
  const named = (line.specificSymbol ?? '').replace(/^0+/, '') === String(refund.id) || new RegExp(`\\b${refundMarker(refund.id)}\\b`).test(line.message ?? '');
  return named && line.amountMinor === -refund.amountMinor && line.currency === refund.currency;
}

/** the refund a line names (specific symbol first, then the marker in its message), or null */
export function refundIdOfLine(line: { specificSymbol?: string | null; message?: string | null }): number | null {
  const ss = Number((line.specificSymbol ?? '').replace(/^0+/, ''));
  if (Number.isSafeInteger(ss) && ss > 0) return ss;
  const marker = /\bREFUND-(\d{1,10})\b/.exec(line.message ?? '');
  return marker ? Number(marker[1]) : null;
}
