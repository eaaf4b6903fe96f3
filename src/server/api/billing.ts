import { contentLanguageOf } from '../../lib/language';
import { Hono, type Context } from 'hono';
import { InvoiceListBodySchema, InvoiceListQuerySchema, LedgerQuerySchema, MonthlyInvoicingSchema, PayInvoiceSchema, TopUpSchema } from '../../lib/schemas/billing';
import { isLocalDev, type OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { parseTerritory } from '../services/quote-request';
import { billingSummary, createTopUp, creditLedger, invoicePaymentState, payInvoice, topUpState } from '../services/billing';
import { listInvoicesWithYears } from '../services/archive/years/lists';
import { isFinished, periodToInvoice } from '../services/billing/status';

/**
 * Billing of the client section (issue 12): the invoice list (spec §7), paying an invoice,
 * credit with its ledger and top-ups, and the sandbox's monthly invoicing. Every call is the
 * signed-in user's; another user's token answers 404 like a missing one.
 */
const language = (c: Context) => contentLanguageOf(pickLanguage(c.req.header('language'), c.req.header('accept-language')));
const territory = (c: Context) => parseTerritory(c.req.header('x-territory'));

/** v2/user/invoice: POST list?limit=…&offset=…(&after=…) with `{ status? }` → `{ invoices, total, next }` */
export const invoiceListApi = new Hono<OriginEnv>().post('/list', async (c) => {
  const me = await requireUser(c);
  const { limit, offset, after } = readQuery(c, InvoiceListQuerySchema);
  const { status } = await readJson(c, InvoiceListBodySchema);
  // with the closed years' databases (services/archive/years/lists.ts)
  return c.json({ data: await listInvoicesWithYears(c.env, me, { status, limit, offset, after }) });
});

/** v1/invoices/:token/pay and /payment (the owner's; the page and PDF by token are in orders.ts) */
export const invoicePaymentApi = new Hono<OriginEnv>()
  .post('/:token/pay', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, PayInvoiceSchema);
    return c.json({ data: { ...(await payInvoice(c.env, me, c.req.param('token'), input, { language: language(c), territory: territory(c) })), sandbox: isLocalDev(c.env) } });
  })
  .get('/:token/payment', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await invoicePaymentState(c.env, me, c.req.param('token')) });
  });

/** v1/credit: the balances and the ledger, the dashboard's summary, top-ups (`sandbox`: local development, where the page offers the sandbox bank's payment) */
export const creditApi = new Hono<OriginEnv>()
  .get('/', async (c) => {
    const me = await requireUser(c);
    const { page } = readQuery(c, LedgerQuerySchema);
    return c.json({ data: await creditLedger(c.env.DB, me, page, territory(c)) });
  })
  .get('/summary', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await billingSummary(c.env.DB, me, territory(c)) });
  })
  .post('/top-up', async (c) => {
    const me = await requireUser(c);
    const input = await readJson(c, TopUpSchema);
    return c.json({ data: { ...(await createTopUp(c.env, me, input, { language: language(c), territory: territory(c) })), sandbox: isLocalDev(c.env) } }, 201);
  })
  .get('/top-up/:token', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: { ...(await topUpState(c.env, me, c.req.param('token'))), sandbox: isLocalDev(c.env) } });
  });

/** v1/sandbox/invoices/monthly (local development only; 404 otherwise): issue a finished month's invoices now */
export const sandboxBilling = new Hono<OriginEnv>().post('/invoices/monthly', async (c) => {
  if (!isLocalDev(c.env)) throw notFound('No endpoint');
  const now = new Date();
  const { period = periodToInvoice(now) } = await readJson(c, MonthlyInvoicingSchema);
  if (!isFinished(period, now)) throw validationError([{ field: 'period', code: 'billing.error.period_running', message: 'billing.error.period_running' }]);
  const { issueMonthlyInvoices } = await import('../services/billing/monthly');
  const { issued, more } = await issueMonthlyInvoices(c.env, period, now);
  return c.json({ data: { period, issued: issued.map((i) => ({ number: i.number, token: i.token, user_id: i.userId, total: i.totalMinor / 100, currency: i.currency })), more } });
});
