import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { database } from '../../../db/client';
import { sandboxGopayPayments, sandboxGopayRefunds } from '../../../db/schema';
import { base64url, hmacSha256, timingSafeEqualText } from '../../../identity/crypto';
import type { OriginEnv } from '../../../env';
import { translator } from '../../../../i18n';
import { formatMoney } from '../../../../lib/format';
import { paymentRequest, type GoPayState } from './schemas';
import { GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET, GOPAY_SANDBOX_GOID } from './sandbox-account';
export { GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET, GOPAY_SANDBOX_GOID } from './sandbox-account';

/**
 * GoPay's payments REST API as the sandbox speaks it (local development and tests only; mounted
 * under /_sandbox/gopay, so the client's baseUrl is …/_sandbox/gopay/api), after ../PROTOCOL.md:
 * the token (Basic auth, scopes payment-create and payment-all, 30 minutes), create payment
 * (validated; answers id, state CREATED and gw_url), status, refund whole or partial
 * (PAID → PARTIALLY_REFUNDED → REFUNDED, never more than paid), GoPay's error shape; and its
 * payment page at gw_url (…/_sandbox/gopay/gw/v3/{id}) with Pay, Decline, Cancel and Time out,
 * each returning the customer to return_url?id={id} and notifying notification_url?id={id}.
 */
export const GOPAY_TOKEN_SECONDS = 1800;
/** the page's actions and what they make of a CREATED payment (sub_state: ../PROTOCOL.md's codes) */
export const GOPAY_SANDBOX_ACTIONS = {
  PAID: { state: 'PAID', subState: null },
  DECLINED: { state: 'CANCELED', subState: '_5006' },
  CANCELED: { state: 'CANCELED', subState: '_5043' },
  TIMEOUTED: { state: 'TIMEOUTED', subState: '_5024' },
} as const satisfies Record<string, { state: GoPayState; subState: string | null }>;
export type GoPaySandboxAction = keyof typeof GOPAY_SANDBOX_ACTIONS;

const SCOPES = ['payment-create', 'payment-all'] as const;
type Scope = (typeof SCOPES)[number];
const tokenKey = `gopay-sandbox:${GOPAY_SANDBOX_CLIENT_SECRET}`;

async function signToken(scope: Scope, expires: number): Promise<string> {
  const payload = `${GOPAY_SANDBOX_CLIENT_ID}.${scope}.${expires}`;
  return `${base64url(new TextEncoder().encode(payload))}.${base64url(await hmacSha256(tokenKey, payload))}`;
}
/** the scope of a valid Bearer token, or null */
async function scopeOf(header: string | undefined, now: number): Promise<Scope | null> {
  const [, token] = /^Bearer (.+)$/.exec(header ?? '') ?? [];
  const [payload64, mac] = token?.split('.') ?? [];
  if (!payload64 || !mac) return null;
  let payload: string;
  try {
    payload = atob(payload64.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [, scope, expires] = payload.split('.');
  if (!timingSafeEqualText(base64url(await hmacSha256(tokenKey, payload)), mac) || Number(expires) * 1000 <= now) return null;
  return (SCOPES as readonly string[]).includes(scope ?? '') ? (scope as Scope) : null;
}

type ErrorStatus = 400 | 403 | 404 | 409 | 500;
/** GoPay's error body (../PROTOCOL.md "Errors") */
const failure = (c: Context, status: ErrorStatus, errorCode: number, errorName: string, message: string, field: string | null = null) =>
  c.json({ date_issued: new Date().toISOString(), errors: [{ scope: field ? 'F' : 'G', ...(field ? { field } : {}), message, error_code: errorCode, error_name: errorName }] }, status);

type Row = typeof sandboxGopayPayments.$inferSelect;

/** ~10 digits, as GoPay's ids */
const newPaymentId = () => 3_000_000_000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000);

/** the API root's prefix (…/_sandbox/gopay) of a request to …/api/… or …/gw/… */
const prefixOf = (url: string) => {
  const { origin, pathname } = new URL(url);
  const at = pathname.search(/\/(api|gw)\//);
  return `${origin}${at >= 0 ? pathname.slice(0, at) : ''}`;
};
const gwUrlOf = (requestUrl: string, id: number) => `${prefixOf(requestUrl)}/gw/v3/${id}`;

function paymentJson(row: Row, requestUrl: string) {
  const request = JSON.parse(row.request) as { payer?: unknown; target?: unknown; items?: unknown; order_description?: string };
  return {
    id: row.id,
    order_number: row.orderNumber,
    state: row.state,
    ...(row.subState ? { sub_state: row.subState } : {}),
    amount: row.amount,
    currency: row.currency,
    ...(row.instrument ? { payment_instrument: row.instrument } : {}),
    payer: request.payer,
    target: request.target,
    ...(row.lang ? { lang: row.lang } : {}),
    gw_url: gwUrlOf(requestUrl, row.id),
  };
}

/** with the id: as GoPay sends the customer back and notifies */
const withId = (url: string, id: number) => {
  const u = new URL(url);
  u.searchParams.set('id', String(id));
  return u.toString();
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (lang: 'cs' | 'en' | 'sk', title: string, body: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;background:#fff7e6;color:#1d2733;margin:0;padding:24px}main{max-width:560px;margin:0 auto;background:#fff;border:2px dashed #d98a00;border-radius:8px;padding:24px}
.badge{display:inline-block;background:#d98a00;color:#fff;font-weight:bold;padding:2px 8px;border-radius:4px;font-size:13px}.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}button{padding:10px 16px;font-size:16px;cursor:pointer}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top;font-size:14px}</style>
</head><body><main>${body}</main></body></html>`;

/** the page's language: the shop's return URL's (?lang=, or an /en/ path), else the payment's */
export function sandboxPageLanguage(row: Pick<Row, 'returnUrl' | 'lang'>): 'cs' | 'en' | 'sk' {
  if (URL.canParse(row.returnUrl)) {
    const back = new URL(row.returnUrl);
    const lang = back.searchParams.get('lang');
    if (lang === 'cs' || lang === 'en' || lang === 'sk') return lang;
    if (/^\/en(\/|$)/.test(back.pathname)) return 'en';
  }
  return row.lang === 'EN' ? 'en' : row.lang === 'SK' ? 'sk' : 'cs';
}

function gatewayPage(row: Row) {
  const lang = sandboxPageLanguage(row);
  const t = translator(lang);
  const amount = formatMoney(row.amount / 100, row.currency, lang);
  const description = (JSON.parse(row.request) as { order_description?: string }).order_description ?? '';
  const open = row.state === 'CREATED';
  const actions: [GoPaySandboxAction, string][] = [['PAID', t('sandbox.gopay.pay')], ['DECLINED', t('sandbox.gopay.decline')], ['CANCELED', t('sandbox.gopay.cancel')], ['TIMEOUTED', t('sandbox.gopay.timeout')]];
  return page(
    lang,
    t('sandbox.gopay.title'),
    `<p><span class="badge">${escape(t('sandbox.badge'))}</span></p>
<h1>${escape(t('sandbox.gopay.title'))}</h1>
<p>${escape(t('sandbox.gopay.explain'))}</p>
<table><tr><th>${escape(t('sandbox.gopay.payment'))}</th><td data-testid="gopay-id">${escape(String(row.id))}</td></tr><tr><th>${escape(t('sandbox.gopay.order'))}</th><td>${escape(row.orderNumber)}</td></tr><tr><th>${escape(t('sandbox.gopay.description'))}</th><td>${escape(description)}</td></tr>
<tr><th>${escape(t('sandbox.gopay.amount'))}</th><td data-testid="gopay-amount"><strong>${escape(amount)}</strong></td></tr><tr><th>${escape(t('sandbox.gopay.state'))}</th><td data-testid="gopay-state">${escape(row.state)}</td></tr></table>
${
  open
    ? `<form method="post"><div class="actions">${actions.map(([value, label]) => `<button type="submit" name="action" value="${escape(value)}">${escape(label)}</button>`).join('')}</div></form>`
    : `<p data-testid="gopay-finished">${escape(t('sandbox.gopay.done'))}</p><p><a href="${escape(withId(row.returnUrl, row.id))}">${escape(t('sandbox.gopay.back'))}</a></p>`
}`,
  );
}

export type GoPaySandboxOptions = {
  /** GoPay's notification (HTTP GET notification_url?id=…) after a change of state; the sandbox's mount delivers it in-process */
  notify?: (url: string, c: Context<OriginEnv>) => Promise<void>;
};

export function gopaySandbox(options: GoPaySandboxOptions = {}) {
  const app = new Hono<OriginEnv>();
  const t = sandboxGopayPayments;
  const find = async (c: Context<OriginEnv>, id: string) => (/^\d{1,15}$/.test(id) ? ((await database(c.env.DB).select().from(t).where(eq(t.id, Number(id))).get()) ?? null) : null);
  const notify = async (c: Context<OriginEnv>, row: Row) => {
    if (!options.notify) return;
    await options.notify(withId(row.notificationUrl, row.id), c).catch((error: unknown) => console.warn('gopay sandbox: notification failed', error));
  };

  app.post('/api/oauth2/token', async (c) => {
    const [, basic] = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '') ?? [];
    let credentials = '';
    try {
      credentials = basic ? atob(basic) : '';
    } catch {
      credentials = '';
    }
    if (!timingSafeEqualText(credentials, `${GOPAY_SANDBOX_CLIENT_ID}:${GOPAY_SANDBOX_CLIENT_SECRET}`)) return failure(c, 403, 202, 'AUTH_WRONG_CREDENTIALS', 'Wrong credentials.');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== 'client_credentials') return failure(c, 409, 111, 'INVALID', 'grant_type must be client_credentials.', 'grant_type');
    const scope = form.scope;
    if (typeof scope !== 'string' || !(SCOPES as readonly string[]).includes(scope)) return failure(c, 409, 111, 'INVALID', 'scope is payment-create or payment-all.', 'scope');
    return c.json({ token_type: 'bearer', access_token: await signToken(scope as Scope, Math.floor(Date.now() / 1000) + GOPAY_TOKEN_SECONDS), expires_in: GOPAY_TOKEN_SECONDS });
  });

  // every API call carries a Bearer token of ours; status and refund need payment-all
  app.use('/api/payments/*', async (c, next) => {
    const scope = await scopeOf(c.req.header('authorization'), Date.now());
    if (!scope) return failure(c, 403, 200, 'AUTH_WRONG_TOKEN', 'Not authorised.');
    if (scope !== 'payment-all' && !(c.req.method === 'POST' && new URL(c.req.url).pathname.endsWith('/payments/payment'))) return failure(c, 403, 200, 'AUTH_WRONG_SCOPE', 'Not authorised for this scope.');
    await next();
  });

  app.post('/api/payments/payment', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return failure(c, 409, 111, 'INVALID', 'The body is not JSON.');
    const parsed = v.safeParse(paymentRequest, body);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const field = v.getDotPath(issue);
      if (!field && /add up/.test(issue.message)) return failure(c, 409, 360, 'PAYMENT_AMOUNT_MISMATCH', 'The items do not add up to the amount.', 'items');
      const missing = issue.input === undefined;
      return failure(c, 409, missing ? 110 : 111, missing ? 'MANDATORY' : 'INVALID', `${field ?? 'payment'}: ${issue.message}`, field ?? null);
    }
    const p = parsed.output;
    if (String(p.target.goid) !== GOPAY_SANDBOX_GOID) return failure(c, 409, 111, 'INVALID', 'Unknown GoID.', 'target.goid');
    const now = new Date().toISOString();
    const [row] = await database(c.env.DB)
      .insert(t)
      .values({
        id: newPaymentId(),
        goid: String(p.target.goid),
        orderNumber: p.order_number,
        state: 'CREATED',
        amount: p.amount,
        currency: p.currency,
        lang: p.lang ?? null,
        returnUrl: p.callback.return_url,
        notificationUrl: p.callback.notification_url,
        request: JSON.stringify(p),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return c.json(paymentJson(row!, c.req.url));
  });

  app.get('/api/payments/payment/:id', async (c) => {
    const row = await find(c, c.req.param('id'));
    return row ? c.json(paymentJson(row, c.req.url)) : failure(c, 404, 304, 'PAYMENT_NOT_FOUND', 'Payment not found.');
  });

  app.post('/api/payments/payment/:id/refund', async (c) => {
    const row = await find(c, c.req.param('id'));
    if (!row) return failure(c, 404, 304, 'PAYMENT_NOT_FOUND', 'Payment not found.');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const amount = typeof form.amount === 'string' && /^\d{1,15}$/.test(form.amount) ? Number(form.amount) : null;
    if (amount === null || amount <= 0) return failure(c, 409, 332, 'PAYMENT_REFUND_WRONG_AMOUNT', 'Wrong refund amount.', 'amount');
    if (row.state !== 'PAID' && row.state !== 'PARTIALLY_REFUNDED') return failure(c, 409, 330, 'PAYMENT_REFUND_NOT_SUPPORTED', `A payment in state ${row.state} cannot be refunded.`);
    // one statement: two refunds at once can never together pass what was paid
    const now = new Date().toISOString();
    const db = database(c.env.DB);
    const [updated] = await db
      .update(t)
      .set({ refunded: sql`${t.refunded} + ${amount}`, state: sql`CASE WHEN ${t.refunded} + ${amount} = ${t.amount} THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END`, updatedAt: now })
      .where(and(eq(t.id, row.id), inArray(t.state, ['PAID', 'PARTIALLY_REFUNDED']), sql`${t.refunded} + ${amount} <= ${t.amount}`))
      .returning();
    if (!updated) return failure(c, 409, 332, 'PAYMENT_REFUND_WRONG_AMOUNT', `Wrong refund amount: at most ${row.amount - row.refunded} is left to refund.`, 'amount');
    await db.insert(sandboxGopayRefunds).values({ paymentId: row.id, amount, createdAt: now });
    await notify(c, updated);
    return c.json({ id: row.id, result: 'FINISHED' });
  });

  // the payment page (gw_url)
  app.get('/gw/v3/:id', async (c) => {
    const row = await find(c, c.req.param('id'));
    if (!row) {
      const t = translator('en');
      return c.html(page('en', t('sandbox.gopay.title'), `<p><span class="badge">${escape(t('sandbox.badge'))}</span></p><h1>${escape(t('sandbox.gopay.title'))}</h1><p>${escape(t('sandbox.gopay.notFound'))}</p>`), 404);
    }
    return c.html(gatewayPage(row));
  });
  app.post('/gw/v3/:id', async (c) => {
    const row = await find(c, c.req.param('id'));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const action = typeof form.action === 'string' && Object.hasOwn(GOPAY_SANDBOX_ACTIONS, form.action) ? (form.action as GoPaySandboxAction) : null;
    if (!row || !action) return c.text('SANDBOX GoPay: bad request', 400);
    const outcome = GOPAY_SANDBOX_ACTIONS[action];
    const [updated] = await database(c.env.DB)
      .update(t)
      .set({ state: outcome.state, subState: outcome.subState, instrument: action === 'TIMEOUTED' ? null : 'PAYMENT_CARD', updatedAt: new Date().toISOString() })
      .where(and(eq(t.id, row.id), eq(t.state, 'CREATED')))
      .returning();
    // a payment already finished stays as it is; the customer goes back all the same
    if (updated) await notify(c, updated);
    return c.redirect(withId(row.returnUrl, row.id), 303);
  });

  return app;
}
