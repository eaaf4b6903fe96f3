import { and, eq } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions, invoices, orders } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { ApiError, notFound, validationError } from '../../http/errors';
import type { BankTransaction } from '../../payments/bank/types';
import type { Defer } from '../accounts/account';
import { applyLineToInvoice } from '../billing/incoming';
import { applyLineToOrder } from '../orders/payments';

/**
 * POST v1/app/ledger/unmatched/:bankRef/match: an incoming payment nobody's (no or a wrong
 * variable symbol) assigned by hand to an order (by its number) or a monthly invoice: it
 * pays them exactly as if it had come with their variable symbol (paid, partly, overpaid)
 * and the books move it from `unmatched` to `receivables`. Once: a second match is refused.
 */
export type MatchInput = { order?: string; invoice?: string };

const alreadyMatched = () => new ApiError(409, 'API_CONFLICT_ERROR', 'This payment is matched already', [{ field: 'bank_ref', code: 'ledger.match.already_matched', message: 'ledger.match.already_matched' }]);
const invalid = (field: 'order' | 'invoice', code: string) => validationError([{ field, code, message: code }]);

export async function matchUnmatched(env: OriginBindings, bankRef: string, input: MatchInput, defer: Defer, now = new Date()) {
  const db = database(env.DB);
  const line = await db.select().from(bankTransactions).where(eq(bankTransactions.bankRef, bankRef)).get();
  if (!line) throw notFound('No such bank line');
  if (line.outcome !== 'unmatched') throw alreadyMatched();
  const tx: BankTransaction = { bankRef: line.bankRef, bookedOn: line.bookedOn, amountMinor: line.amountMinor, currency: line.currency, variableSymbol: line.variableSymbol, counterAccount: line.counterAccount };

  if (input.order) {
    const order = await db.select().from(orders).where(eq(orders.number, input.order)).get();
    if (!order) throw invalid('order', 'ledger.match.unknown_order');
    if (order.paymentMethod !== 'bank_transfer') throw invalid('order', 'ledger.match.not_transfer');
    if (order.currency !== line.currency) throw invalid('order', 'ledger.match.currency');
    const outcome = await applyLineToOrder(env, tx, order, 'match', defer, now);
    if (outcome === 'duplicate') throw alreadyMatched();
    return { bank_ref: bankRef, outcome, order: order.number, invoice: null };
  }
  const invoice = await db.select().from(invoices).where(and(eq(invoices.number, input.invoice!), eq(invoices.kind, 'monthly'))).get();
  if (!invoice?.userId) throw invalid('invoice', 'ledger.match.unknown_invoice');
  if (invoice.currency !== line.currency) throw invalid('invoice', 'ledger.match.currency');
  const outcome = await applyLineToInvoice(env, tx, invoice, 'match', now);
  if (outcome === 'duplicate') throw alreadyMatched();
  return { bank_ref: bankRef, outcome, order: null, invoice: invoice.number };
}
