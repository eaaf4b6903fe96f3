import { pathLocaleOf, type ContentLanguage } from '../../../lib/language';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayInvoiceOutput, TopUpOutput } from '../../../lib/schemas/billing';
import type { Territory } from '../../../lib/types/quote';
import { href } from '../../../routes';
import { database } from '../../db/client';
import type { UserRow } from '../../db/repositories/users';
import { billingPayments, invoices } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { ApiError, notFound, validationError } from '../../http/errors';
import { randomToken } from '../../identity/crypto';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { cardGateway } from '../../payments/card/gateway';
import { CardGatewayError } from '../../payments/card/types';
import { translator } from '../../../i18n';
import { conditionalDebit, creditBalance } from '../../payments/credit';
import { ledgerInsertWhere } from '../../ledger/post';
import { invoicePaidFromCredit } from '../../ledger/postings';
import { siteUrl } from '../accounts/links';
import { paymentQr } from '../orders/qr';
import { settleBillingCardPayment, type BillingPaymentRow } from './incoming';
import { invoiceListItem, ownInvoice, type InvoiceRow } from './invoices';
import { nextInSequence } from '../../db/repositories/orders';

/**
 * Paying for the account: a credit top-up (bank transfer with the payment QR, or a card
 * through the gateway) and paying an invoice (the same two, or from credit at once). The
 * state of either is asked with its token, by its owner only; a card payment still pending
 * is settled then from the gateway's answer (the customer is back before the notification).
 */
export type PaymentContext = { language: ContentLanguage; territory: Territory; now?: Date };

const major = (minor: number) => minor / 100;

/** CZK to the Czech account, EUR to the Slovak one */
const accountFor = (currency: string) => SHOP_ACCOUNTS[currency === 'EUR' ? 'sk' : 'cz'];

/** what a transfer needs: the account, the variable symbol, the amount and the payment QR */
export function bankInstructions(currency: string, variableSymbol: string, amountMinor: number, message: string) {
  const account = accountFor(currency);
  return {
    iban: account.iban,
    account: account.account,
    bic: account.bic,
    holder: account.holder,
    variable_symbol: variableSymbol,
    amount: major(amountMinor),
    currency,
    ...paymentQr({ currency, variableSymbol, number: message }, amountMinor, account),
  };
}

const cardUnavailable = () => validationError([{ field: 'method', code: 'billing.error.card_unavailable', message: 'billing.error.card_unavailable' }]);
const notifyUrl = (env: OriginBindings, territory: Territory) => siteUrl(env, '/api/v1/payments/card/notify', territory);

/** a gateway payment for a billing row; its redirect is stored with it. The gateway down: the row fails, and the customer is told to try again or pay by transfer */
async function startCard(env: OriginBindings, row: BillingPaymentRow, user: UserRow, label: string, returnPath: string, territory: Territory): Promise<string> {
  const language = row.language;
  let created: { ref: string; redirectUrl: string };
  try {
    created = await cardGateway(env).create({
      orderNumber: label,
      amountMinor: row.amountMinor,
      currency: row.currency,
      label,
      items: [{ name: translator(language)(row.purpose === 'top_up' ? 'billing.card.item.top_up' : 'billing.card.item.invoice', { label }), amountMinor: row.amountMinor, count: 1 }],
      payer: { email: user.email, firstName: user.firstname, lastName: user.surname, phone: user.phone },
      language,
      returnUrl: siteUrl(env, returnPath, territory),
      notifyUrl: notifyUrl(env, territory),
    });
  } catch (error) {
    if (!(error instanceof CardGatewayError)) throw error;
    console.warn(JSON.stringify({ service: 'card', event: 'billing payment not started', kind: error.kind, error: error.message }));
    await database(env.DB).update(billingPayments).set({ status: 'failed', settledAt: new Date().toISOString() }).where(and(eq(billingPayments.id, row.id), eq(billingPayments.status, 'pending')));
    throw new ApiError(503, 'API_UNAVAILABLE_ERROR', 'The card gateway cannot be reached; try again, or pay by transfer', [{ field: 'method', code: 'billing.error.card_unavailable', message: 'billing.error.card_unavailable' }]);
  }
  await database(env.DB).update(billingPayments).set({ gatewayRef: created.ref, redirectUrl: created.redirectUrl }).where(eq(billingPayments.id, row.id));
  return created.redirectUrl;
}

// ── top-ups ────────────────────────────────────────────────────────────────

export type TopUpState = 'credited' | 'waiting' | 'failed';

const stateOf = (row: BillingPaymentRow): TopUpState => (row.status === 'paid' ? 'credited' : row.status === 'pending' ? 'waiting' : 'failed');

export function topUpView(row: BillingPaymentRow) {
  return {
    token: row.token,
    state: stateOf(row),
    method: row.method as 'bank_transfer' | 'card',
    amount: major(row.amountMinor),
    received: major(row.receivedMinor),
    currency: row.currency,
    created_at: row.createdAt,
    credited_at: row.status === 'paid' ? row.settledAt : null,
    bank: row.method === 'bank_transfer' && row.variableSymbol ? bankInstructions(row.currency, row.variableSymbol, row.amountMinor, row.variableSymbol) : null,
    redirect_url: row.method === 'card' && row.status === 'pending' ? row.redirectUrl : null,
  };
}
export type TopUpView = ReturnType<typeof topUpView>;

export const topUpReturnPath = (language: ContentLanguage, token: string) => `${href('klient-kredit-dobit', pathLocaleOf(language))}?topup=${encodeURIComponent(token)}`;

export async function createTopUp(env: OriginBindings, user: UserRow, input: TopUpOutput, ctx: PaymentContext): Promise<TopUpView> {
  const now = ctx.now ?? new Date();
  if (input.method === 'card' && cardGateway(env).mode === 'unavailable') throw cardUnavailable();
  const db = database(env.DB);
  const token = randomToken(24);
  const [row] = await db
    .insert(billingPayments)
    .values({
      token,
      userId: user.id,
      purpose: 'top_up',
      method: input.method,
      amountMinor: Math.round(input.amount * 100),
      currency: input.currency,
      variableSymbol: input.method === 'bank_transfer' ? await nextTopUpVariableSymbol(env.DB, now) : null,
      language: ctx.language,
    })
    .returning();
  if (input.method === 'card') await startCard(env, row!, user, `DOBITI-${token.slice(0, 8)}`, topUpReturnPath(ctx.language, token), ctx.territory);
  return topUpView((await db.select().from(billingPayments).where(eq(billingPayments.id, row!.id)).get())!);
}

/** GET v1/credit/top-up/:token: the owner's top-up (a pending card payment asked at the gateway) */
export async function topUpState(env: OriginBindings, user: UserRow, token: string, now = new Date()): Promise<TopUpView> {
  const db = database(env.DB);
  const find = () => db.select().from(billingPayments).where(and(eq(billingPayments.token, token), eq(billingPayments.userId, user.id), eq(billingPayments.purpose, 'top_up'))).get();
  const row = await find();
  if (!row) throw notFound('No such top-up');
  if (row.status === 'pending' && row.gatewayRef) {
    await settleBillingCardPayment(env, row.gatewayRef, now);
    return topUpView((await find())!);
  }
  return topUpView(row);
}

// ── invoices ───────────────────────────────────────────────────────────────

export const invoiceReturnPath = (language: ContentLanguage, version: 'v1' | 'v2', token: string) =>
  `${href(version === 'v2' ? 'klient-v2-faktury' : 'klient-faktury', pathLocaleOf(language))}?invoice=${encodeURIComponent(token)}`;

const alreadyPaid = () => new ApiError(409, 'API_CONFLICT_ERROR', 'This invoice is paid already', [{ field: 'method', code: 'billing.error.already_paid', message: 'billing.error.already_paid' }]);
const creditInsufficient = () =>
  validationError([{ field: 'method', code: 'billing.error.credit_insufficient', message: 'billing.error.credit_insufficient' }], 'The credit does not cover the invoice');

/** POST v1/invoices/:token/pay: from credit at once (all or nothing), or the transfer's instructions, or the gateway's page */
export async function payInvoice(env: OriginBindings, user: UserRow, token: string, input: PayInvoiceOutput, ctx: PaymentContext) {
  const now = ctx.now ?? new Date();
  const invoice = await ownInvoice(env.DB, user, token);
  if (invoice.paidAt) throw alreadyPaid();
  const db = database(env.DB);

  if (input.method === 'credit') {
    if ((await creditBalance(env.DB, user.id, invoice.currency)) < invoice.totalMinor) throw creditInsufficient();
    const stamp = now.toISOString();
    const dedupeKey = `pay:invoice:${invoice.number}`;
    const debited = sql`EXISTS (SELECT 1 FROM credit_entries WHERE dedupe_key = ${dedupeKey})`;
    const unpaid = sql`(SELECT paid_at FROM invoices WHERE id = ${invoice.id}) IS NULL`;
    // one batch: the debit only while the balance covers it and the invoice is unpaid; the rest only after it
    await db.batch([
      conditionalDebit(env.DB, { userId: user.id, currency: invoice.currency, amountMinor: invoice.totalMinor, orderId: null, dedupeKey, reason: 'invoice_payment', only: unpaid }),
      db
        .insert(billingPayments)
        .select(
          sql`SELECT NULL, ${randomToken(24)}, ${user.id}, 'invoice', ${invoice.id}, 'credit', 'paid', ${invoice.totalMinor}, ${invoice.currency}, ${invoice.totalMinor}, NULL, NULL, NULL, NULL, ${ctx.language}, ${stamp}, ${stamp}
          WHERE ${debited} AND ${unpaid}`,
        ),
      db.update(invoices).set({ paidAt: stamp }).where(and(eq(invoices.id, invoice.id), sql`${invoices.paidAt} IS NULL`, debited)),
      ...[ledgerInsertWhere(env.DB, invoicePaidFromCredit({ id: invoice.id, userId: user.id, currency: invoice.currency, totalMinor: invoice.totalMinor }), debited, now)].filter((w) => w !== null),
    ]);
    const after = (await db.select().from(invoices).where(eq(invoices.id, invoice.id)).get())!;
    if (!after.paidAt) throw creditInsufficient();
    if (after.paidAt !== stamp) throw alreadyPaid();
    return { method: 'credit' as const, state: 'paid' as const, invoice: invoiceListItem(after, now), bank: null, redirect_url: null };
  }

  if (input.method === 'bank_transfer') {
    return { method: 'bank_transfer' as const, state: 'waiting' as const, invoice: invoiceListItem(invoice, now), bank: bankInstructions(invoice.currency, invoice.variableSymbol, invoice.totalMinor, invoice.number), redirect_url: null };
  }

  if (cardGateway(env).mode === 'unavailable') throw cardUnavailable();
  const [row] = await db
    .insert(billingPayments)
    .values({ token: randomToken(24), userId: user.id, purpose: 'invoice', invoiceId: invoice.id, method: 'card', amountMinor: invoice.totalMinor, currency: invoice.currency, language: ctx.language })
    .returning();
  const redirectUrl = await startCard(env, row!, user, invoice.number, invoiceReturnPath(ctx.language, input.version, invoice.token), ctx.territory);
  return { method: 'card' as const, state: 'waiting' as const, invoice: invoiceListItem(invoice, now), bank: null, redirect_url: redirectUrl };
}

/**
 * GET v1/invoices/:token/payment: the owner's invoice and its latest card payment, after the
 * gateway's page (a pending one is asked at the gateway): paid, waiting or failed.
 */
export async function invoicePaymentState(env: OriginBindings, user: UserRow, token: string, now = new Date()) {
  const db = database(env.DB);
  const invoice = await ownInvoice(env.DB, user, token);
  const latest = () => db.select().from(billingPayments).where(and(eq(billingPayments.invoiceId, invoice.id), eq(billingPayments.method, 'card'))).orderBy(desc(billingPayments.id)).get();
  let payment = await latest();
  if (payment?.status === 'pending' && payment.gatewayRef) {
    await settleBillingCardPayment(env, payment.gatewayRef, now);
    payment = await latest();
  }
  const fresh: InvoiceRow = (await db.select().from(invoices).where(eq(invoices.id, invoice.id)).get())!;
  const state = fresh.paidAt ? 'paid' : payment && payment.status !== 'pending' ? 'failed' : 'waiting';
  return { state, invoice: invoiceListItem(fresh, now), payment: payment ? { method: payment.method, status: payment.status } : null };
}

/** a top-up's variable symbol: '9' + the year's two digits + a 7-digit sequence (orders' begin with the year, invoices' with '20') */
export async function nextTopUpVariableSymbol(d1: D1Database, now: Date): Promise<string> {
  const n = await nextInSequence(d1, 'top-up');
  return `9${String(now.getUTCFullYear()).slice(2)}${String(n).padStart(7, '0')}`;
}
