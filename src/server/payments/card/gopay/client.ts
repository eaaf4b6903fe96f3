import * as v from 'valibot';
import type { GatewayStatus } from '../types';
import {
  errorAnswer,
  GOPAY_INSTRUMENTS,
  GOPAY_LANGUAGES,
  paymentAnswer,
  paymentRequest,
  refundAnswer,
  tokenAnswer,
  type GoPayErrorEntry,
  type GoPayInstrument,
  type GoPayState,
  type PaymentRequest,
} from './schemas';

/**
 * GoPay through its payments REST API (../PROTOCOL.md): OAuth2 client credentials (scope
 * payment-all), create a payment, ask its state, refund it (whole or in part). The same code
 * talks to GoPay's test or production API or to a sandbox of it; `fetch` is injectable.
 * Money is in minor units (integers) both ways, as GoPay's own "amount in cents".
 */
export type GoPayConfig = {
  /** the API root with /api: https://gw.sandbox.gopay.com/api, https://gate.gopay.cz/api or a sandbox's */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the e-shop's GoID (digits) */
  goId: string;
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
};

export const GOPAY_TEST_API = 'https://gw.sandbox.gopay.com/api';
export const GOPAY_PRODUCTION_API = 'https://gate.gopay.cz/api';
/** Czech banks' buttons (SWIFT codes of GoPay's code list) */
export const GOPAY_CZ_SWIFTS = ['GIBACZPX', 'KOMBCZPP', 'CEKOCZPP', 'RZBCCZPP', 'BACXCZPP', 'AGBACZPP', 'FIOBCZPP', 'BREXCZPP', 'AIRACZPP'] as const;

export type GoPayItem = { name: string; /** the line's total */ amountMinor: number; count: number; type?: 'ITEM' | 'DELIVERY' | 'DISCOUNT'; vatRate?: 0 | 10 | 12 | 15 | 21 };

export type GoPayPaymentOrder = {
  orderNumber: string;
  amountMinor: number;
  currency: 'CZK' | 'EUR' | 'PLN' | 'HUF' | 'GBP' | 'USD' | 'RON' | 'BGN';
  description: string;
  items: GoPayItem[];
  payer: { email: string; firstName?: string | null; lastName?: string | null; phone?: string | null; street?: string | null; city?: string | null; postalCode?: string | null; /** ISO alpha-2, ours */ country?: string | null };
  /** offered on GoPay's page; all four by default */
  instruments?: readonly GoPayInstrument[];
  /** the bank buttons, when BANK_ACCOUNT is offered */
  swifts?: readonly string[];
  /** our language (cs, en, sk, …) */
  language: string;
  returnUrl: string;
  notificationUrl: string;
};

export type GoPayPayment = {
  id: string;
  orderNumber: string | null;
  state: GoPayState;
  subState: string | null;
  amountMinor: number;
  currency: string;
  instrument: string | null;
  /** GoPay's page for the customer */
  gatewayUrl: string | null;
};

export class GoPayUnavailableError extends Error {
  override readonly name = 'GoPayUnavailableError';
}

export class GoPayRefusedError extends Error {
  override readonly name = 'GoPayRefusedError';
  constructor(
    message: string,
    readonly status: number,
    /** GoPay's error_code (e.g. 332 wrong amount), when it gave one */
    readonly errorCode: number | null,
    readonly errorName: string | null = null,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** ISO 3166-1 alpha-2 → alpha-3 for the payers we expect (GoPay's country_code is alpha-3) */
const ALPHA3: Record<string, string> = {
  CZ: 'CZE', SK: 'SVK', DE: 'DEU', AT: 'AUT', PL: 'POL', HU: 'HUN', SI: 'SVN', HR: 'HRV', RO: 'ROU', BG: 'BGR',
  IT: 'ITA', FR: 'FRA', ES: 'ESP', PT: 'PRT', NL: 'NLD', BE: 'BEL', LU: 'LUX', DK: 'DNK', SE: 'SWE', FI: 'FIN',
  IE: 'IRL', EE: 'EST', LV: 'LVA', LT: 'LTU', GR: 'GRC', CY: 'CYP', MT: 'MLT', GB: 'GBR', CH: 'CHE', NO: 'NOR', UA: 'UKR', US: 'USA',
};

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const present = (text: string | null | undefined) => (text && text.trim() ? text.trim() : undefined);

/** a phone as GoPay wants it: + and digits (a Czech number without prefix gets +420) */
export function gopayPhone(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/[^\d+]/g, '').replace(/^00/, '+');
  const full = digits.startsWith('+') ? digits : /^\d{9}$/.test(digits) ? `+420${digits}` : null;
  return full && /^\+\d{6,15}$/.test(full) ? full : undefined;
}

export function gopayLanguage(language: string): (typeof GOPAY_LANGUAGES)[number] {
  const code = language.slice(0, 2).toUpperCase();
  return (GOPAY_LANGUAGES as readonly string[]).includes(code) ? (code as (typeof GOPAY_LANGUAGES)[number]) : 'EN';
}

/** our order → GoPay's create-payment body; throws a RangeError when the amounts do not add up (GoPay would refuse with 360) */
export function paymentRequestOf(order: GoPayPaymentOrder, goId: string): PaymentRequest {
  const instruments = order.instruments && order.instruments.length > 0 ? [...order.instruments] : [...GOPAY_INSTRUMENTS];
  const swifts = instruments.includes('BANK_ACCOUNT') && order.swifts && order.swifts.length > 0 ? [...order.swifts] : undefined;
  const p = order.payer;
  const body = {
    payer: {
      allowed_payment_instruments: instruments,
      default_payment_instrument: instruments.includes('PAYMENT_CARD') ? ('PAYMENT_CARD' as const) : instruments[0],
      ...(swifts ? { allowed_swifts: swifts } : {}),
      contact: {
        email: p.email.trim(),
        ...(present(p.firstName) ? { first_name: cut(present(p.firstName)!, 256) } : {}),
        ...(present(p.lastName) ? { last_name: cut(present(p.lastName)!, 256) } : {}),
        ...(gopayPhone(p.phone) ? { phone_number: gopayPhone(p.phone) } : {}),
        ...(present(p.city) ? { city: cut(present(p.city)!, 128) } : {}),
        ...(present(p.street) ? { street: cut(present(p.street)!, 128) } : {}),
        ...(present(p.postalCode) ? { postal_code: cut(present(p.postalCode)!, 16) } : {}),
        ...(p.country && ALPHA3[p.country.toUpperCase()] ? { country_code: ALPHA3[p.country.toUpperCase()] } : {}),
      },
    },
    target: { type: 'ACCOUNT' as const, goid: Number(goId) },
    amount: order.amountMinor,
    currency: order.currency,
    order_number: order.orderNumber,
    order_description: cut(order.description, 256),
    items: order.items.map((i) => ({ type: i.type ?? 'ITEM', name: cut(i.name, 256), amount: i.amountMinor, count: i.count, ...(i.vatRate !== undefined ? { vat_rate: i.vatRate } : {}) })),
    callback: { return_url: order.returnUrl, notification_url: order.notificationUrl },
    lang: gopayLanguage(order.language),
  };
  const parsed = v.safeParse(paymentRequest, body);
  if (!parsed.success) throw new RangeError(`GoPay payment of ${order.orderNumber}: ${parsed.issues[0].message}`);
  return parsed.output;
}

export function paymentOf(answer: v.InferOutput<typeof paymentAnswer>): GoPayPayment {
  return {
    id: answer.id,
    orderNumber: answer.order_number ?? null,
    state: answer.state,
    subState: answer.sub_state ?? null,
    amountMinor: answer.amount,
    currency: answer.currency,
    instrument: answer.payment_instrument ?? null,
    gatewayUrl: answer.gw_url ?? null,
  };
}

/** sub_states of a CANCELED payment that the customer cancelled (../PROTOCOL.md); other `_50xx` are refusals */
const CANCELLED_BY_CUSTOMER = new Set(['_5037', '_5043']);

/**
 * GoPay's state → the card gateway seam's (../PROTOCOL.md's table): refunded payments were paid
 * (what was refunded is the refunds' business); CANCELED is a decline or the customer's
 * cancel as its sub_state tells; TIMEOUTED is a cancel for time. The reason keeps GoPay's code.
 */
export function gatewayStatusOf(state: GoPayState, subState: string | null = null): { status: GatewayStatus; reason: string | null } {
  const reason = (why: string) => (subState ? `${why}:${subState}` : why);
  switch (state) {
    case 'PAID':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return { status: 'paid', reason: null };
    case 'CANCELED':
      return subState && /^_50\d\d$/.test(subState) && !CANCELLED_BY_CUSTOMER.has(subState) ? { status: 'declined', reason: reason('declined') } : { status: 'cancelled', reason: reason('cancelled') };
    case 'TIMEOUTED':
      return { status: 'cancelled', reason: reason('timeout') };
    case 'CREATED':
    case 'PAYMENT_METHOD_CHOSEN':
    case 'AUTHORIZED':
      return { status: 'pending', reason: null };
  }
}

/** the payment a notification (GET notification_url?id=…) or a return (return_url?id=…) names, or null */
export function notifiedPaymentId(url: string | URL): string | null {
  const id = new URL(url).searchParams.get('id');
  return id && /^\d{1,18}$/.test(id) ? id : null;
}

function errorsOf(body: unknown): GoPayErrorEntry[] {
  const parsed = v.safeParse(errorAnswer, body);
  return parsed.success ? parsed.output : [];
}

const errorText = (e: GoPayErrorEntry | undefined) => (e ? `${e.error_code}${e.error_name ? ` ${e.error_name}` : ''}${e.field ? ` (${e.field})` : ''}${e.message ? `: ${e.message}` : ''}` : null);

type Call = { name: string; method: 'GET' | 'POST'; path: string; json?: unknown; form?: Record<string, string> };

export function gopayClient(config: GoPayConfig) {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  // the token (a string) is shared by the requests of an isolate; a token request's promise is not (workerd ties it to its request)
  let token: { value: string; expires: number } | null = null;

  /** one HTTP call: a timeout that holds even when fetch ignores the signal, one log line, an outage as GoPayUnavailableError */
  async function send(name: string, request: Request): Promise<Response> {
    const started = Date.now();
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
    try {
      const response = await Promise.race([doFetch(new Request(request, { signal })), timedOut]);
      console.info(JSON.stringify({ service: 'gopay', call: name, status: response.status, ms: Date.now() - started }));
      return response;
    } catch (error) {
      console.warn(JSON.stringify({ service: 'gopay', call: name, status: 'failed', ms: Date.now() - started, error: (error as Error).name }));
      throw new GoPayUnavailableError(`GoPay ${name}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'}`, { cause: error });
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const response = await send('token', new Request(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payment-all' }).toString(),
    }));
    const body: unknown = await response.json().catch(() => null);
    const parsed = v.safeParse(tokenAnswer, body);
    if (!response.ok || !parsed.success) throw new GoPayUnavailableError(`GoPay token: ${errorText(errorsOf(body)[0]) ?? `HTTP ${response.status}`}`);
    // a minute early, so a token never expires on its way
    token = { value: parsed.output.access_token, expires: Date.now() + Math.max(0, parsed.output.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(c: Call, schema: v.GenericSchema<unknown, T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await accessToken()}` };
      let body: string | undefined;
      if (c.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(c.json);
      } else if (c.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(c.form).toString();
      }
      const response = await send(c.name, new Request(`${base}${c.path}`, { method: c.method, headers, body }));
      const answer: unknown = await response.json().catch(() => null);
      const errors = response.ok ? [] : errorsOf(answer);
      // a stale token: 401 (RFC 6750), or GoPay's 403 "not authorised" (error 200); ../PROTOCOL.md: not confirmed which
      const tokenRefused = response.status === 401 || (response.status === 403 && errors.some((e) => e.error_code === 200));
      if (tokenRefused && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status >= 500 || response.status === 429 || tokenRefused) throw new GoPayUnavailableError(`GoPay ${c.name}: ${errorText(errors[0]) ?? `HTTP ${response.status}`}`);
      if (!response.ok) {
        const first = errors[0];
        throw new GoPayRefusedError(`GoPay ${c.name}: ${errorText(first) ?? `HTTP ${response.status}`}`, response.status, first?.error_code ?? null, first?.error_name ?? null, first?.field ?? null);
      }
      const parsed = v.safeParse(schema, answer);
      if (!parsed.success) throw new GoPayUnavailableError(`GoPay ${c.name}: an answer we cannot read (${parsed.issues[0].message})`);
      return parsed.output;
    }
  }

  const paymentPath = (id: string) => {
    if (!/^\d{1,18}$/.test(id)) throw new RangeError('a GoPay payment id is digits');
    return `/payments/payment/${id}`;
  };

  return {
    /** creates the payment; the customer goes to `gatewayUrl` */
    async createPayment(order: GoPayPaymentOrder): Promise<GoPayPayment & { gatewayUrl: string }> {
      const answer = paymentOf(await call({ name: 'create', method: 'POST', path: '/payments/payment', json: paymentRequestOf(order, config.goId) }, paymentAnswer));
      if (!answer.gatewayUrl) throw new GoPayUnavailableError('GoPay create: an answer without gw_url');
      return { ...answer, gatewayUrl: answer.gatewayUrl };
    },
    /** the payment's state: the only thing a notification or a return may be acted on */
    async paymentStatus(id: string): Promise<GoPayPayment> {
      return paymentOf(await call({ name: 'status', method: 'GET', path: paymentPath(id) }, paymentAnswer));
    },
    /** refunds `amountMinor` (the whole amount or part of it); FAILED is a refusal, ACCEPTED means in progress */
    async refund(id: string, amountMinor: number): Promise<{ id: string; result: 'ACCEPTED' | 'FINISHED' }> {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError('a refund is a positive whole number of minor units');
      const answer = await call({ name: 'refund', method: 'POST', path: `${paymentPath(id)}/refund`, form: { amount: String(amountMinor) } }, refundAnswer);
      if (answer.result === 'FAILED') throw new GoPayRefusedError('GoPay refund: FAILED', 200, null, 'FAILED');
      return { id: answer.id, result: answer.result };
    },
  };
}

export type GoPayClient = ReturnType<typeof gopayClient>;
