import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { GoPayRefusedError, GoPayUnavailableError, gopayClient, paymentRequestOf } from '../../src/server/payments/card/gopay/client';
import { GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET, GOPAY_SANDBOX_GOID, gopaySandbox } from '../../src/server/payments/card/gopay/sandbox';
import type { OriginEnv } from '../../src/server/env';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { gopayOrder } from '../unit/gopay-fixtures';
import { base, browser } from './client';

const sandbox = createSandboxApp();
const ROOT = `${base}/_sandbox/gopay`;
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/_sandbox/gopay', '')}`);
  const ctx = createExecutionContext();
  const res = await sandbox.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
};
const client = (clientSecret = GOPAY_SANDBOX_CLIENT_SECRET) => gopayClient({ baseUrl: `${ROOT}/api`, clientId: GOPAY_SANDBOX_CLIENT_ID, clientSecret, goId: GOPAY_SANDBOX_GOID, fetch: appFetch });
const order = (orderNumber = `OBJ${Date.now()}${Math.floor(Math.random() * 1000)}`) =>
  gopayOrder({ orderNumber, returnUrl: `${base}/objednavka/${orderNumber}/platba?lang=cs`, notificationUrl: `${base}/api/payments/gopay/notify` });
/** the customer on the payment page: one of its buttons */
const act = (gwUrl: string, action: string) => appFetch(new Request(gwUrl, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' }));
const api = (path: string, init: RequestInit = {}) => appFetch(new Request(`${ROOT}/api${path}`, init));
const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;
const token = async (scope = 'payment-all') =>
  ((await (await api('/oauth2/token', { method: 'POST', headers: { authorization: basic(GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', scope }) })).json()) as { access_token: string }).access_token;

describe('GoPay through its sandbox over HTTP', () => {
  it('token (Basic auth, payment-all), create: CREATED with a gw_url on the sandbox, status the same, the token reused', async () => {
    calls.length = 0;
    const c = client();
    const created = await c.createPayment(order());
    expect(created).toMatchObject({ state: 'CREATED', amountMinor: 39_420, currency: 'CZK', subState: null });
    expect(created.id).toMatch(/^\d{10}$/);
    expect(created.gatewayUrl).toBe(`${ROOT}/gw/v3/${created.id}`);
    expect(await c.paymentStatus(created.id)).toMatchObject({ id: created.id, state: 'CREATED', gatewayUrl: created.gatewayUrl });
    expect(calls).toEqual(['POST /api/oauth2/token', 'POST /api/payments/payment', `GET /api/payments/payment/${created.id}`]);
  });

  it('the payment page is marked SANDBOX, escapes what the shop sent, and offers Pay, Decline, Cancel and a time-out', async () => {
    const c = client();
    const created = await c.createPayment({ ...order(), description: '<script>alert(1)</script> & "2 zásilky"' });
    const res = await appFetch(new Request(created.gatewayUrl));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('SANDBOX');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;2 zásilky&quot;');
    for (const action of ['PAID', 'DECLINED', 'CANCELED', 'TIMEOUTED']) expect(html).toContain(`name="action" value="${action}"`);
    expect((await appFetch(new Request(`${ROOT}/gw/v3/1234567890`))).status).toBe(404);
  });

  it.each([
    ['PAID', 'PAID', null],
    ['DECLINED', 'CANCELED', '_5006'],
    ['CANCELED', 'CANCELED', '_5043'],
    ['TIMEOUTED', 'TIMEOUTED', '_5024'],
  ])('the page\'s %s moves the payment to %s and returns the customer to return_url?id=', async (action, state, subState) => {
    const c = client();
    const o = order();
    const created = await c.createPayment(o);
    const res = await act(created.gatewayUrl, action);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(o.returnUrl.split('?')[0]);
    expect(back.searchParams.get('lang')).toBe('cs');
    expect(back.searchParams.get('id')).toBe(created.id);
    expect(await c.paymentStatus(created.id)).toMatchObject({ state, subState });
    // a finished payment stays as it is: another button changes nothing
    expect((await act(created.gatewayUrl, 'PAID')).status).toBe(303);
    expect((await c.paymentStatus(created.id)).state).toBe(state);
    expect(await (await appFetch(new Request(created.gatewayUrl))).text()).toContain('Tato platba je už uzavřená.');
  });

  it('refunds part, then the rest: PAID → PARTIALLY_REFUNDED → REFUNDED; more than paid is refused with GoPay\'s 332', async () => {
    const c = client();
    const created = await c.createPayment(order());
    // not paid yet: nothing to refund (330)
    const early = await c.refund(created.id, 100).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(GoPayRefusedError);
    expect((early as GoPayRefusedError).errorCode).toBe(330);
    await act(created.gatewayUrl, 'PAID');
    expect(await c.refund(created.id, 18_900)).toEqual({ id: created.id, result: 'FINISHED' });
    expect((await c.paymentStatus(created.id)).state).toBe('PARTIALLY_REFUNDED');
    const over = await c.refund(created.id, 20_521).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(GoPayRefusedError);
    expect(over).toMatchObject({ status: 409, errorCode: 332, field: 'amount' });
    expect((await c.paymentStatus(created.id)).state).toBe('PARTIALLY_REFUNDED');
    expect(await c.refund(created.id, 20_520)).toEqual({ id: created.id, result: 'FINISHED' });
    expect((await c.paymentStatus(created.id)).state).toBe('REFUNDED');
    expect(await c.refund(created.id, 1).catch((e: unknown) => e)).toMatchObject({ errorCode: 330 });
  });

  it('answers in GoPay\'s error shape: a refund over the amount, an unknown payment, a bad body', async () => {
    const c = client();
    const created = await c.createPayment(order());
    await act(created.gatewayUrl, 'PAID');
    const bearer = { authorization: `Bearer ${await token()}`, accept: 'application/json' };
    const res = await api(`/payments/payment/${created.id}/refund`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=39421' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ date_issued: expect.any(String), errors: [expect.objectContaining({ scope: 'F', field: 'amount', error_code: 332, error_name: expect.any(String), message: expect.any(String) })] });
    const missing = await api('/payments/payment/1234567890', { headers: bearer });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errors: [{ error_code: 304 }] });
    const body = paymentRequestOf(order(), GOPAY_SANDBOX_GOID);
    const mismatch = await api('/payments/payment', { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, amount: 100 }) });
    expect(mismatch.status).toBe(409);
    expect(await mismatch.json()).toMatchObject({ errors: [{ error_code: 360 }] });
    const noEmail = await api('/payments/payment', { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, payer: { allowed_payment_instruments: ['PAYMENT_CARD'], contact: {} } }) });
    expect(noEmail.status).toBe(409);
    expect(await noEmail.json()).toMatchObject({ errors: [{ scope: 'F', field: 'payer.contact.email', error_code: 110 }] });
  });

  it('checks the caller: wrong credentials get no token, a forged token and a payment-create token get no status', async () => {
    await expect(client('wrong').createPayment(order())).rejects.toBeInstanceOf(GoPayUnavailableError);
    const refused = await api('/oauth2/token', { method: 'POST', headers: { authorization: basic(GOPAY_SANDBOX_CLIENT_ID, 'wrong'), 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=payment-all' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errors: [{ error_code: 202 }] });
    const created = await client().createPayment(order());
    const forged = await api(`/payments/payment/${created.id}`, { headers: { authorization: 'Bearer Zm9yZ2Vk.bWFj' } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ errors: [{ error_code: 200 }] });
    const createOnly = await api(`/payments/payment/${created.id}`, { headers: { authorization: `Bearer ${await token('payment-create')}` } });
    expect(createOnly.status).toBe(403);
  });

  it('notifies notification_url?id= on a change of state (not on CREATED)', async () => {
    const notified: string[] = [];
    const app = new Hono<OriginEnv>().route('/_sandbox/gopay', gopaySandbox({ notify: async (url) => void notified.push(url) }));
    const c = gopayClient({ baseUrl: `${ROOT}/api`, clientId: GOPAY_SANDBOX_CLIENT_ID, clientSecret: GOPAY_SANDBOX_CLIENT_SECRET, goId: GOPAY_SANDBOX_GOID, fetch: async (r) => app.fetch(r, env) });
    const o = order();
    const created = await c.createPayment(o);
    expect(notified).toEqual([]);
    await app.fetch(new Request(created.gatewayUrl, { method: 'POST', body: new URLSearchParams({ action: 'PAID' }) }), env);
    await c.refund(created.id, 100);
    expect(notified).toEqual([`${o.notificationUrl}?id=${created.id}`, `${o.notificationUrl}?id=${created.id}`]);
  });

  it('the site serves the GoPay sandbox under /_sandbox/gopay only in local development', async () => {
    const tokenCall = (extra: Record<string, undefined> = {}) =>
      browser().call('POST', '/_sandbox/gopay/api/oauth2/token', new URLSearchParams({ grant_type: 'client_credentials', scope: 'payment-all' }), { authorization: basic(GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET) }, extra);
    const local = await tokenCall();
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ token_type: 'bearer', expires_in: 1800 });
    const deployed = await tokenCall({ LOCAL_DEV: undefined });
    // deployed, the path is just a page (which answers GET only): no token, no GoPay sandbox
    expect(deployed.status).toBe(405);
    expect(await deployed.text()).not.toContain('access_token');
    const created = await client().createPayment(order());
    const page = await browser().call('GET', new URL(created.gatewayUrl).pathname, undefined, {}, { LOCAL_DEV: undefined });
    expect(await page.text()).toContain('<p>page anonymous</p>');
  });
});
