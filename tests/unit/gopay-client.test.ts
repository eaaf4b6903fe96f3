import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gatewayStatusOf,
  gopayClient,
  gopayLanguage,
  gopayPhone,
  GoPayRefusedError,
  GoPayUnavailableError,
  notifiedPaymentId,
  paymentRequestOf,
} from '../../src/server/payments/card/gopay/client';
import { errorAnswer, GOPAY_STATES, paymentAnswer, paymentRequest } from '../../src/server/payments/card/gopay/schemas';
import { GO_ID, gopayError, gopayOrder, PAYMENT_ID, paidByCard, paymentBody, refundBody, tokenBody } from './gopay-fixtures';

const BASE = 'https://gw.sandbox.gopay.com/api';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Seen = { method: string; path: string; headers: Headers; body: string };

/** a fake GoPay: the token call answers `token()`, every other call `answer(path, n)` (n counts API calls) */
function fakeGoPay(answer: (seen: Seen, n: number) => Response | Promise<Response>, token: () => Response = () => json(tokenBody())) {
  const seen: Seen[] = [];
  let calls = 0;
  const fetch = async (request: Request) => {
    const s = { method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), headers: request.headers, body: await request.text() };
    seen.push(s);
    return s.path === '/oauth2/token' ? token() : answer(s, calls++);
  };
  return { seen, client: (timeoutMs?: number) => gopayClient({ baseUrl: BASE, clientId: 'client-1', clientSecret: 's3cret', goId: GO_ID, fetch, timeoutMs }) };
}

let logs: string[];
beforeEach(() => {
  logs = [];
  vi.spyOn(console, 'info').mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void logs.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('GoPay mapping: our order → the create-payment body', () => {
  it('amount and items in minor units, payer with card, Apple Pay, Google Pay and bank buttons, contact, callbacks, language, our GoID', () => {
    const body = paymentRequestOf(gopayOrder({ swifts: ['FIOBCZPP', 'KOMBCZPP'] }), GO_ID);
    expect(body).toEqual({
      payer: {
        allowed_payment_instruments: ['PAYMENT_CARD', 'APPLE_PAY', 'GPAY', 'BANK_ACCOUNT'],
        default_payment_instrument: 'PAYMENT_CARD',
        allowed_swifts: ['FIOBCZPP', 'KOMBCZPP'],
        contact: { email: 'eva.kralova@example.cz', first_name: 'Eva', last_name: 'Králová', phone_number: '+420734111222', city: 'Brno', street: 'Lidická 40', postal_code: '602 00', country_code: 'CZE' },
      },
      target: { type: 'ACCOUNT', goid: 8_200_123_456 },
      amount: 39_420,
      currency: 'CZK',
      order_number: 'OBJ2611270042',
      order_description: 'Zásilkovač: 2 zásilky (objednávka OBJ2611270042)',
      items: [
        { type: 'ITEM', name: 'PPL Parcel CZ Private, 3 kg', amount: 18_900, count: 1, vat_rate: 21 },
        { type: 'ITEM', name: 'DPD Classic, 7 kg', amount: 24_900, count: 1, vat_rate: 21 },
        { type: 'DISCOUNT', name: 'Sleva VITEJTE10', amount: -4_380, count: 1, vat_rate: 21 },
      ],
      callback: { return_url: 'https://zasilkovac.test/objednavka/OBJ2611270042/platba', notification_url: 'https://zasilkovac.test/api/payments/gopay/notify' },
      lang: 'CS',
    });
    expect(v.safeParse(paymentRequest, body).success).toBe(true);
  });

  it('card only: no bank buttons; an unknown country and an unreadable phone are left out, not guessed', () => {
    const body = paymentRequestOf(gopayOrder({ instruments: ['PAYMENT_CARD'], swifts: ['FIOBCZPP'], payer: { email: ' a@example.cz ', phone: '12', country: 'XX', firstName: ' ' } }), GO_ID);
    expect(body.payer).toEqual({ allowed_payment_instruments: ['PAYMENT_CARD'], default_payment_instrument: 'PAYMENT_CARD', contact: { email: 'a@example.cz' } });
  });

  it('refuses, before any call, amounts that do not add up (GoPay 360), fractions of a cent and order numbers GoPay would not take', () => {
    expect(() => paymentRequestOf(gopayOrder({ amountMinor: 39_421 }), GO_ID)).toThrow(RangeError);
    expect(() => paymentRequestOf(gopayOrder({ amountMinor: 394.2, items: [{ name: 'x', amountMinor: 394.2, count: 1 }] }), GO_ID)).toThrow(RangeError);
    expect(() => paymentRequestOf(gopayOrder({ orderNumber: 'OBJ-26/1' }), GO_ID)).toThrow(RangeError);
    expect(() => paymentRequestOf(gopayOrder({ amountMinor: 0, items: [{ name: 'x', amountMinor: 0, count: 1 }] }), GO_ID)).toThrow(RangeError);
  });

  it('phones, languages and a long description', () => {
    expect(gopayPhone('+421 905 123 456')).toBe('+421905123456');
    expect(gopayPhone('00420 601 234 567')).toBe('+420601234567');
    expect(gopayPhone('601234567')).toBe('+420601234567');
    expect(gopayPhone(null)).toBeUndefined();
    expect(['cs', 'en', 'sk', 'de', 'xx'].map(gopayLanguage)).toEqual(['CS', 'EN', 'SK', 'DE', 'EN']);
    expect(paymentRequestOf(gopayOrder({ description: 'x'.repeat(300) }), GO_ID).order_description).toHaveLength(256);
  });
});

describe('GoPay answers → ours', () => {
  it('reads every documented state; maps them to the gateway seam; an undocumented state is not read', () => {
    for (const state of GOPAY_STATES) expect(v.safeParse(paymentAnswer, paymentBody(state)).success).toBe(true);
    expect(GOPAY_STATES.map((s) => gatewayStatusOf(s).status)).toEqual(['pending', 'pending', 'paid', 'pending', 'cancelled', 'cancelled', 'paid', 'paid']);
    // CANCELED: a refusal of the card, or the customer's own cancel, as sub_state tells; TIMEOUTED: out of time
    expect(gatewayStatusOf('CANCELED', '_5006')).toEqual({ status: 'declined', reason: 'declined:_5006' });
    expect(gatewayStatusOf('CANCELED', '_5043')).toEqual({ status: 'cancelled', reason: 'cancelled:_5043' });
    expect(gatewayStatusOf('CANCELED', null)).toEqual({ status: 'cancelled', reason: 'cancelled' });
    expect(gatewayStatusOf('TIMEOUTED', '_5024')).toEqual({ status: 'cancelled', reason: 'timeout:_5024' });
    expect(gatewayStatusOf('REFUNDED')).toEqual({ status: 'paid', reason: null });
    expect(v.safeParse(paymentAnswer, paymentBody('LOST_IN_SPACE')).success).toBe(false);
  });

  it('reads both of GoPay’s error shapes: errors[] and one bare global entry', () => {
    expect(v.parse(errorAnswer, gopayError(111, 'INVALID', 'payer.contact.email'))).toMatchObject([{ error_code: 111, error_name: 'INVALID', field: 'payer.contact.email', scope: 'F' }]);
    expect(v.parse(errorAnswer, { scope: 'G', field: null, error_code: 500, error_name: null, message: null, description: null })).toMatchObject([{ error_code: 500, scope: 'G' }]);
  });

  it('a notification or a return names the payment by ?id= only (digits)', () => {
    expect(notifiedPaymentId(`https://zasilkovac.test/api/payments/gopay/notify?id=${PAYMENT_ID}`)).toBe(String(PAYMENT_ID));
    expect(notifiedPaymentId('https://zasilkovac.test/api/payments/gopay/notify')).toBeNull();
    expect(notifiedPaymentId('https://zasilkovac.test/api/payments/gopay/notify?id=1;DROP')).toBeNull();
  });
});

describe('GoPay client', () => {
  it('creates a payment: Basic-auth token of scope payment-all, then the JSON body with the Bearer token; answers the id and the trimmed gw_url', async () => {
    const fake = fakeGoPay(() => json(paymentBody('CREATED')));
    const created = await fake.client().createPayment(gopayOrder());
    expect(created).toEqual({ id: String(PAYMENT_ID), orderNumber: 'OBJ2611270042', state: 'CREATED', subState: null, amountMinor: 39_420, currency: 'CZK', instrument: null, gatewayUrl: 'https://gw.sandbox.gopay.com/gw/v3/q8Wd2LmZr4TyPp0s' });
    const [token, create] = fake.seen;
    expect(token).toMatchObject({ method: 'POST', path: '/oauth2/token' });
    expect(token!.headers.get('authorization')).toBe(`Basic ${btoa('client-1:s3cret')}`);
    expect(token!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({ grant_type: 'client_credentials', scope: 'payment-all' });
    expect(create).toMatchObject({ method: 'POST', path: '/payments/payment' });
    expect(create!.headers.get('authorization')).toBe('Bearer tok-A1');
    expect(create!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(create!.body)).toEqual(paymentRequestOf(gopayOrder(), GO_ID));
  });

  it('asks a payment’s state and refunds it whole or in part (form body amount=cents)', async () => {
    const fake = fakeGoPay((s) => (s.method === 'GET' ? json(paidByCard) : json(refundBody(s.body === 'amount=39420' ? 'FINISHED' : 'ACCEPTED'))));
    const client = fake.client();
    expect(await client.paymentStatus(String(PAYMENT_ID))).toMatchObject({ state: 'PAID', subState: '_3002', instrument: 'PAYMENT_CARD', amountMinor: 39_420 });
    expect(await client.refund(String(PAYMENT_ID), 18_900)).toEqual({ id: String(PAYMENT_ID), result: 'ACCEPTED' });
    expect(await client.refund(String(PAYMENT_ID), 39_420)).toEqual({ id: String(PAYMENT_ID), result: 'FINISHED' });
    const api = fake.seen.filter((s) => s.path !== '/oauth2/token');
    expect(api.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([`GET /payments/payment/${PAYMENT_ID} `, `POST /payments/payment/${PAYMENT_ID}/refund amount=18900`, `POST /payments/payment/${PAYMENT_ID}/refund amount=39420`]);
    expect(api[1]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    await expect(client.refund(String(PAYMENT_ID), 12.5)).rejects.toThrow(RangeError);
    await expect(client.paymentStatus('../oauth2/token')).rejects.toThrow(RangeError);
  });

  it('keeps the token until its expiry (less a minute), then asks for a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    let issued = 0;
    const fake = fakeGoPay(() => json(paidByCard), () => json(tokenBody(`tok-${++issued}`, 1800)));
    const client = fake.client();
    await client.paymentStatus('1');
    await client.paymentStatus('2');
    vi.setSystemTime(new Date('2026-11-27T10:28:59Z'));
    await client.paymentStatus('3');
    vi.setSystemTime(new Date('2026-11-27T10:29:01Z'));
    await client.paymentStatus('4');
    expect(fake.seen.map((s) => (s.path === '/oauth2/token' ? 'token' : s.headers.get('authorization')))).toEqual(['token', 'Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1', 'token', 'Bearer tok-2']);
  });

  it('a 401 drops the token and asks again once with a new one; a second 401 is an outage', async () => {
    let issued = 0;
    const once = fakeGoPay((s, n) => (n === 0 ? json(gopayError(200, 'UNAUTHORIZED'), 401) : json(paidByCard)), () => json(tokenBody(`tok-${++issued}`)));
    expect(await once.client().paymentStatus('7')).toMatchObject({ state: 'PAID' });
    expect(once.seen.map((s) => (s.path === '/oauth2/token' ? 'token' : s.headers.get('authorization')))).toEqual(['token', 'Bearer tok-1', 'token', 'Bearer tok-2']);

    const always = fakeGoPay(() => json(gopayError(200, 'UNAUTHORIZED'), 401));
    await expect(always.client().paymentStatus('7')).rejects.toBeInstanceOf(GoPayUnavailableError);
    expect(always.seen.filter((s) => s.path !== '/oauth2/token')).toHaveLength(2);

    // GoPay's documented "not authorised": 403 with error 200, read the same way
    const forbidden = fakeGoPay((s, n) => (n === 0 ? json(gopayError(200, 'UNAUTHORIZED'), 403) : json(paidByCard)));
    expect(await forbidden.client().paymentStatus('7')).toMatchObject({ state: 'PAID' });
    await expect(fakeGoPay(() => json(gopayError(200, 'UNAUTHORIZED'), 403)).client().paymentStatus('7')).rejects.toBeInstanceOf(GoPayUnavailableError);
  });

  it('4xx is a refusal carrying GoPay’s error_code, name and field', async () => {
    const fake = fakeGoPay(() => json(gopayError(332, 'WRONG_AMOUNT', 'amount', 'Wrong amount.'), 409));
    const refused = await fake.client().refund(String(PAYMENT_ID), 99_999).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GoPayRefusedError);
    expect(refused).toMatchObject({ status: 409, errorCode: 332, errorName: 'WRONG_AMOUNT', field: 'amount' });
    const notFound = await fakeGoPay(() => json(gopayError(304, 'PAYMENT_NOT_FOUND'), 404)).client().paymentStatus('1').catch((e: unknown) => e);
    expect(notFound).toMatchObject({ errorCode: 304 });
    // a refund answered FAILED is a refusal too
    await expect(fakeGoPay(() => json(refundBody('FAILED'))).client().refund(String(PAYMENT_ID), 100)).rejects.toBeInstanceOf(GoPayRefusedError);
  });

  it('5xx, 429, a refused token, a network failure and an unreadable answer are outages', async () => {
    const outage = (answer: () => Response | Promise<Response>, token?: () => Response) => fakeGoPay(answer, token).client().paymentStatus('1');
    await expect(outage(() => json({ scope: 'G', field: null, error_code: 500, error_name: null, message: null }, 500))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(outage(() => new Response('<html>Bad gateway</html>', { status: 502 }))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(outage(() => json({}, 429))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(outage(() => json(paidByCard), () => json(gopayError(202, 'INVALID_CREDENTIALS'), 403))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(outage(() => Promise.reject(new TypeError('fetch failed')))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(outage(() => json({ id: 1, state: 'PAID' }))).rejects.toBeInstanceOf(GoPayUnavailableError);
    await expect(fakeGoPay(() => json(paymentBody('CREATED', { gw_url: null }))).client().createPayment(gopayOrder())).rejects.toBeInstanceOf(GoPayUnavailableError);
  });

  it('times out even when the injected fetch ignores the abort signal', async () => {
    const fake = fakeGoPay(() => new Promise<Response>(() => {}));
    const started = Date.now();
    const error = await fake.client(40).paymentStatus('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoPayUnavailableError);
    expect((error as Error).message).toBe('GoPay status: timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('logs each call as one JSON line {service, call, status, ms} with no personal data', async () => {
    const fake = fakeGoPay((s, n) => (n === 0 ? json(paymentBody('CREATED')) : Promise.reject(new TypeError('offline'))));
    const client = fake.client();
    await client.createPayment(gopayOrder());
    await client.paymentStatus(String(PAYMENT_ID)).catch(() => {});
    const lines = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map(({ ms, ...rest }) => (expect(typeof ms).toBe('number'), rest))).toEqual([
      { service: 'gopay', call: 'token', status: 200 },
      { service: 'gopay', call: 'create', status: 200 },
      { service: 'gopay', call: 'status', status: 'failed', error: 'TypeError' },
    ]);
    const all = logs.join('\n');
    for (const secret of ['eva.kralova', 'Králová', '734', 's3cret', 'tok-A1', '39420']) expect(all).not.toContain(secret);
  });
});
