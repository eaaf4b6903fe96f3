import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { generateKeyPair, exportJWK } from 'jose';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';
import { AUTH_COOKIE } from '../../src/edge/auth';
import { SESSION_COOKIE } from '../../src/edge/session';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { issueSandboxAccessToken, issueSandboxIdToken } from '../../src/server/identity/social/sandbox';
import { sandboxFacebookSecrets } from '../../src/server/identity/social/providers';
import { SIGN_IN_LIMITS } from '../../src/server/services/accounts/limits';

// the edge with a stand-in page behind it: API calls go to the in-process origin
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.html(`<p>page ${c.get('info').apiKey ? 'signed-in' : 'anonymous'}</p><pre id="form">${JSON.stringify(c.get('info').form ?? null)}</pre>`));

const bindings = env as unknown as Bindings;
const base = `http://${bindings.CZ_HOST}`;
let ip = 0;

/** one visitor: keeps the cookies the edge sets, like a browser */
function browser(address = `198.51.100.${++ip % 250}`) {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown, extra: Partial<Bindings> = {}) => {
    const headers: Record<string, string> = { origin: base, 'cf-connecting-ip': address };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const form = body instanceof URLSearchParams;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const ctx = createExecutionContext();
    const payload = body === undefined ? undefined : form ? body : JSON.stringify(body);
    const res = await app.fetch(new Request(new URL(path, base), { method, headers, body: payload }), { ...bindings, RATE_LIMIT_WRITES: undefined, ...extra }, ctx);
    await waitOnExecutionContext(ctx);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { jar, call, post: (path: string, body: unknown = {}) => call('POST', path, body), get: (path: string) => call('GET', path) };
}

type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string }[] };
const codes = async (res: Response) => Object.fromEntries(((await res.json()) as ErrorJson).errors?.map((e) => [e.field, e.code]) ?? []);
const unique = () => `u${crypto.randomUUID().slice(0, 8)}@example.cz`;
const person = (email = unique(), password = 'Kocka-v-botach-77') => ({ segment: 'A', email, password, firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
const mailTo = (to: string) => env.DB.prepare('SELECT * FROM outbox WHERE "to" = ? ORDER BY id DESC').bind(to).all<{ subject: string; text: string; status: string; template: string }>();
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

describe('register, profile, logout', () => {
  it('registers, keeps the key out of the body, signs in by cookie, and a logged-out key stops working', async () => {
    const b = browser();
    const email = unique();
    const res = await b.post('/api/v1/user/register', person(email));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown> };
    // the answer of a taken address is the same (issue 22): the key stays out of the body, and no profile
    expect(body).toEqual({ data: { registered: true } });
    const auth = res.headers.getSetCookie().find((c) => c.startsWith(`${AUTH_COOKIE}=`))!;
    expect(auth).toMatch(/HttpOnly/i);
    expect(auth).toMatch(/SameSite=Lax/i);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/=[0-9a-f]{16};/);

    const profile = (await (await b.get('/api/v1/user/profile')).json()) as { data: Record<string, unknown> };
    expect(profile.data).toMatchObject({ email, phone: '+420777123456', email_confirmed: false, sign_in: { password: true, google: false, facebook: false } });
    expect(await (await b.get('/kontakt')).text()).toContain('signed-in');

    // the welcome e-mail, in Czech, with the confirmation link
    // recorded at once, sent by the mail queue's consumer a moment later
    await expect.poll(async () => (await mailTo(email)).results[0]?.status, { interval: 50 }).toBe('sent');
    const [welcome] = (await mailTo(email)).results;
    expect(welcome).toMatchObject({ template: 'welcome', status: 'sent' });
    expect(welcome!.subject).toContain('Vítejte');
    const confirm = new URL(linkIn(welcome!.text));
    expect(confirm.pathname).toMatch(/^\/klient\/aktivace\//);
    const token = decodeURIComponent(confirm.pathname.split('/').pop()!);
    expect((await b.post('/api/v1/user/email/confirm', { token })).status).toBe(200);
    expect(((await (await b.get('/api/v1/user/profile')).json()) as { data: { email_confirmed: boolean } }).data.email_confirmed).toBe(true);

    // a copy of the cookie, then logout: the copy is refused and cleared
    const copy = browser();
    for (const [k, v] of b.jar) copy.jar.set(k, v);
    const out = await b.post('/api/v1/user/logout');
    expect(out.status).toBe(200);
    expect(b.jar.has(AUTH_COOKIE)).toBe(false);
    const stolen = await copy.get('/api/v1/user/profile');
    expect(stolen.status).toBe(401);
    expect(copy.jar.has(AUTH_COOKIE)).toBe(false);
  });

  it('answers a guest whose call asks for the user (payment methods) without sign-out cookies: only a key that was sent can be unknown', async () => {
    const res = await browser().get('/api/v1/payment/methods');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-auth-invalid')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers 401 to a protected call without a key, and never another user’s profile', async () => {
    expect((await browser().get('/api/v1/user/profile')).status).toBe(401);
    const a = browser();
    const b = browser();
    const emailA = unique();
    const emailB = unique();
    await a.post('/api/v1/user/register', person(emailA));
    await b.post('/api/v1/user/register', person(emailB));
    expect(((await (await a.get('/api/v1/user/profile')).json()) as { data: { email: string } }).data.email).toBe(emailA);
    expect(((await (await b.get('/api/v1/user/profile')).json()) as { data: { email: string } }).data.email).toBe(emailB);
  });

  it('refuses a common password and one equal to the e-mail, on their fields', async () => {
    expect(await codes(await browser().post('/api/v1/user/register', person(unique(), 'password1')))).toEqual({ password: 'PASSWORD_TOO_COMMON' });
    const same = unique();
    expect(await codes(await browser().post('/api/v1/user/register', person(same, same)))).toEqual({ password: 'PASSWORD_EQUALS_EMAIL' });
    expect(await codes(await browser().post('/api/v1/user/register', person(unique(), 'abc')))).toEqual({ password: 'PASSWORD_MUST_BE_AT_LEAST_4_CHARACTERS_LENGTH' });
  });

  it('answers a taken address as a new one (no validation.email_taken) and e-mails its owner instead', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    const again = browser();
    const taken = await again.post('/api/v1/user/register', person(email, 'Jine-heslo-2027'));
    const fresh = await browser().post('/api/v1/user/register', person(unique(), 'Jine-heslo-2027'));
    expect(taken.status).toBe(fresh.status);
    expect(await taken.text()).toBe(await fresh.text());
    // the owner's password still signs in; the second registration's does not, and nobody was signed in
    expect(again.jar.has(AUTH_COOKIE)).toBe(false);
    expect((await browser().post('/api/v1/user/login', { email, password: 'Jine-heslo-2027' })).status).toBe(401);
    const mails = (await mailTo(email)).results;
    expect(mails.map((m) => m.template)).toEqual(['register_existing', 'welcome']);
    expect(mails[0]!.subject).toContain('registraci');
    expect(new URL(linkIn(mails[0]!.text)).pathname).toBe('/prihlaseni');
  });

  it('registers a business with its company data; a wrong IČO is refused; contract and tier come from the data, not the form', async () => {
    const business = { ...person(), segment: 'B', company: 'Pekárna Novák s.r.o.', ico: '27082440', dic: 'CZ27082440', street: 'Dlouhá 1', city: 'Praha', zip: '110 00', country: 'cz', has_contract: true, price_type: 'Profi' };
    expect(await codes(await browser().post('/api/v1/user/register', { ...business, ico: '12345678' }))).toEqual({ ico: 'validation.tin' });
    const b = browser();
    const res = await b.post('/api/v1/user/register', business);
    expect(res.status).toBe(200);
    const profile = ((await (await b.get('/api/v1/user/profile')).json()) as { data: Record<string, unknown> }).data;
    expect(profile).toMatchObject({ segment: 'B', company: 'Pekárna Novák s.r.o.', ico: '27082440', has_contract: false, price_type: null });
  });

  it('signs in the seeded demo accounts; the business one has a Profi contract', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const b = browser();
      const res = await b.post('/api/v1/user/login', { email: demo.email, password: demo.password });
      expect(res.status).toBe(200);
    }
    const firma = browser();
    await firma.post('/api/v1/user/login', { email: DEMO_ACCOUNTS[1].email, password: DEMO_ACCOUNTS[1].password });
    expect(((await (await firma.get('/api/v1/user/profile?basic=1')).json()) as { data: Record<string, unknown> }).data).toMatchObject({ has_contract: true, price_type: 'Profi', segment: 'B' });
  });

  it('refuses the demo accounts outside local development (LOCAL_DEV unset), even when they are seeded', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const b = browser();
      const res = await b.call('POST', '/api/v1/user/login', { email: demo.email, password: demo.password }, { LOCAL_DEV: undefined });
      expect(res.status, demo.email).toBe(401);
      expect(await codes(res)).toEqual({ password: 'validation.bad_credentials' });
      expect(b.jar.has(AUTH_COOKIE)).toBe(false);
      // nor by an e-mailed link
      await browser().call('POST', '/api/v1/user/login-link', { email: demo.email }, { LOCAL_DEV: undefined });
      const [mail] = (await mailTo(demo.email)).results;
      if (mail?.template === 'login_link') {
        const token = decodeURIComponent(new URL(linkIn(mail.text)).pathname.split('/').pop()!);
        expect((await browser().call('POST', '/api/v2/auth/token-login', { token }, { LOCAL_DEV: undefined })).status).toBe(401);
      }
    }
  });
});

describe('password sign-in and its limits', () => {
  it('answers a wrong password and an unknown e-mail alike', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    const wrong = await browser().post('/api/v1/user/login', { email, password: 'not-it-at-all' });
    const unknown = await browser().post('/api/v1/user/login', { email: unique(), password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it(`locks an e-mail for 15 minutes after ${SIGN_IN_LIMITS.email.failures} failures, with Retry-After`, async () => {
    const email = unique();
    const password = 'Kocka-v-botach-77';
    await browser().post('/api/v1/user/register', person(email, password));
    for (let i = 0; i < SIGN_IN_LIMITS.email.failures; i++) expect((await browser().post('/api/v1/user/login', { email, password: 'wrong-guess' })).status).toBe(401);
    const locked = await browser().post('/api/v1/user/login', { email, password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(await codes(locked)).toEqual({ email: 'auth.locked' });
  });

  it('a browser that signed in to the account before is not locked out by failures from elsewhere; the e-mailed link works during a lock', async () => {
    const email = unique();
    const password = 'Kocka-v-botach-77';
    await browser().post('/api/v1/user/register', person(email, password));
    const mine = browser();
    const first = await mine.post('/api/v1/user/login', { email, password });
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith('zslt_device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(((await first.json()) as { data: Record<string, unknown> }).data).not.toHaveProperty('device_token');
    await mine.post('/api/v1/user/logout');
    expect(mine.jar.has('zslt_device')).toBe(true);

    // an attacker locks the account
    for (let i = 0; i < SIGN_IN_LIMITS.email.failures; i++) await browser().post('/api/v1/user/login', { email, password: 'wrong-guess' });
    expect((await browser().post('/api/v1/user/login', { email, password })).status).toBe(429);
    // the owner's browser still signs in
    expect((await mine.post('/api/v1/user/login', { email, password })).status).toBe(200);
    // a forged or another account's device cookie does not help
    const forged = browser();
    forged.jar.set('zslt_device', mine.jar.get('zslt_device')!.replace(/_[0-9a-f]{32}$/, `_${'0'.repeat(32)}`));
    expect((await forged.post('/api/v1/user/login', { email, password })).status).toBe(429);
    // the owner's browser has a limit of its own
    for (let i = 0; i < SIGN_IN_LIMITS.email.failures; i++) await mine.post('/api/v1/user/login', { email, password: 'wrong-guess' });
    expect((await mine.post('/api/v1/user/login', { email, password })).status).toBe(429);

    // the e-mailed sign-in link still signs in during the lock
    expect((await browser().post('/api/v1/user/login-link', { email })).status).toBe(200);
    const [mail] = (await mailTo(email)).results;
    expect(mail!.template).toBe('login_link');
    const token = decodeURIComponent(new URL(linkIn(mail!.text)).pathname.split('/').pop()!);
    const linked = browser();
    expect((await linked.post('/api/v2/auth/token-login', { token })).status).toBe(200);
    expect((await linked.get('/api/v1/user/profile')).status).toBe(200);
  });

  it(`refuses an address after ${SIGN_IN_LIMITS.address.failures} failures within an hour`, async () => {
    const address = '203.0.113.200';
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const rows = Array.from({ length: SIGN_IN_LIMITS.address.failures }, (_, i) =>
      env.DB.prepare('INSERT INTO sign_in_attempts (email, address, success, created_at) VALUES (?, ?, 0, ?)').bind(`spray${i}@example.cz`, address, at),
    );
    await env.DB.batch(rows);
    const res = await browser(address).post('/api/v1/user/login', { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(49 * 60);
  });

  it('sends a blocked account to the blocked page: 403 for the right password only', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    await env.DB.prepare('UPDATE users SET blocked_at = ? WHERE email = ?').bind(new Date().toISOString(), email).run();
    expect((await browser().post('/api/v1/user/login', { email, password: 'wrong-guess' })).status).toBe(401);
    const res = await browser().post('/api/v1/user/login', { email, password: 'Kocka-v-botach-77' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).type).toBe('API_ACCOUNT_DISABLED_ERROR');
  });
});

describe('one-time links', () => {
  it('answers the forgotten-password and login-link requests alike for a real and an unknown address', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    for (const path of ['/api/v1/user/password/forgotten', '/api/v1/user/login-link']) {
      const real = await browser().post(path, { email });
      const unknown = await browser().post(path, { email: unique() });
      expect(real.status, path).toBe(unknown.status);
      expect(await real.text(), path).toBe(await unknown.text());
    }
    expect((await mailTo(email)).results.map((m) => m.template)).toEqual(['login_link', 'password_reset', 'welcome']);
  });

  it('resets a password from the e-mailed link, once; the old password and other sessions stop working', async () => {
    const email = unique();
    const other = browser();
    await other.post('/api/v1/user/register', person(email));
    const forgotten = await browser().post('/api/v1/user/password/forgotten', { email, language: 'en' });
    expect(await forgotten.json()).toEqual({ data: { sent: true } });
    // an unknown address gets the same answer and no e-mail
    const nobody = unique();
    expect(await (await browser().post('/api/v1/user/password/forgotten', { email: nobody })).json()).toEqual({ data: { sent: true } });
    expect((await mailTo(nobody)).results).toHaveLength(0);

    const [reset] = (await mailTo(email)).results;
    expect(reset).toMatchObject({ template: 'password_reset' });
    expect(reset!.subject).toContain('Reset');
    const link = new URL(linkIn(reset!.text));
    expect(link.pathname).toMatch(/^\/en\/set-password\//);
    const token = decodeURIComponent(link.pathname.split('/').pop()!);

    const b = browser();
    const set = await b.post('/api/v1/user/password/set', { token, password: 'Nove-heslo-2027', confirmation: 'Nove-heslo-2027' });
    expect(set.status).toBe(200);
    expect(b.jar.has(AUTH_COOKIE)).toBe(true);
    expect(await codes(await browser().post('/api/v1/user/password/set', { token, password: 'Jine-heslo-2027', confirmation: 'Jine-heslo-2027' }))).toEqual({ token: 'validation.token_invalid' });
    expect((await browser().post('/api/v1/user/login', { email, password: 'Kocka-v-botach-77' })).status).toBe(401);
    expect((await browser().post('/api/v1/user/login', { email, password: 'Nove-heslo-2027' })).status).toBe(200);
    expect((await other.get('/api/v1/user/profile')).status).toBe(401);
  });

  it('signs in with an e-mailed login link once, and not after it expired', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    await browser().post('/api/v1/user/login-link', { email });
    const [mail] = (await mailTo(email)).results;
    expect(mail!.template).toBe('login_link');
    const token = decodeURIComponent(new URL(linkIn(mail!.text)).pathname.split('/').pop()!);
    const b = browser();
    const res = await b.post('/api/v2/auth/token-login', { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Record<string, unknown> }).data).not.toHaveProperty('apiKey');
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
    expect((await browser().post('/api/v2/auth/token-login', { token })).status).toBe(401);

    await browser().post('/api/v1/user/login-link', { email });
    const [second] = (await mailTo(email)).results;
    const late = decodeURIComponent(new URL(linkIn(second!.text)).pathname.split('/').pop()!);
    await env.DB.prepare("UPDATE one_time_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL").run();
    expect(await codes(await browser().post('/api/v1/user/obtain-api-token', { auth_token: late }))).toEqual({ auth_token: 'validation.token_invalid' });
  });

  it('changes a password with the original; a wrong original is BAD_ORIGINAL_PASSWORD, a mismatch PASSWORD_DOES_NOT_MATCH', async () => {
    const b = browser();
    const email = unique();
    await b.post('/api/v1/user/register', person(email));
    expect(await codes(await b.post('/api/v1/user/password/change', { original: 'nope-nope', password: 'Nove-heslo-2027', confirmation: 'Nove-heslo-2027' }))).toEqual({ original: 'BAD_ORIGINAL_PASSWORD' });
    expect(await codes(await b.post('/api/v1/user/password/change', { original: 'Kocka-v-botach-77', password: 'Nove-heslo-2027', confirmation: 'Nove-heslo-2028' }))).toEqual({ confirmation: 'PASSWORD_DOES_NOT_MATCH' });
    expect((await b.post('/api/v1/user/password/change', { original: 'Kocka-v-botach-77', password: 'Nove-heslo-2027', confirmation: 'Nove-heslo-2027' })).status).toBe(200);
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
  });
});

describe('social sign-in through the sandbox provider', () => {
  const jwk = JSON.parse(bindings.SANDBOX_IDP_JWK!);

  it('creates an account on the first Google sign-in and signs the same person in again', async () => {
    const email = unique();
    const idToken = await issueSandboxIdToken(jwk, { email, firstname: 'Ota', surname: 'Pavel' });
    const b = browser();
    const first = await b.post('/api/v1/user/googlelogin', { accessToken: idToken });
    expect(first.status).toBe(200);
    const profile = ((await (await b.get('/api/v1/user/profile')).json()) as { data: Record<string, unknown> }).data;
    expect(profile).toMatchObject({ email, firstname: 'Ota', email_confirmed: true, sign_in: { google: true, password: false } });
    const again = await browser().post('/api/v1/user/googlelogin', { accessToken: await issueSandboxIdToken(jwk, { email, firstname: 'Ota', surname: 'Pavel' }) });
    expect(((await again.json()) as { data: { profile: { id: number } } }).data.profile.id).toBe(profile.id);
  });

  it('refuses forged Google tokens: another key, another audience, expired', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const otherKey = { ...(await exportJWK(privateKey)), kid: jwk.kid };
    const who = { email: unique(), firstname: 'X', surname: 'Y' };
    for (const token of [
      await issueSandboxIdToken(otherKey, who),
      await issueSandboxIdToken(jwk, who, { audience: 'someone-elses-client' }),
      await issueSandboxIdToken(jwk, who, { now: Date.now() - 3 * 3600_000, expiresInS: 3600 }),
      'not.a.jwt',
    ]) {
      const res = await browser().post('/api/v1/user/googlelogin', { accessToken: token });
      expect(res.status).toBe(401);
      expect(await codes(res)).toEqual({ accessToken: 'auth.social_failed' });
    }
  });

  it('links a social identity to a password account only after that password is confirmed', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    const token = await issueSandboxIdToken(jwk, { email, firstname: 'Eva', surname: 'Malá' });
    const b = browser();
    const conflict = await b.post('/api/v1/user/googlelogin', { accessToken: token });
    expect(conflict.status).toBe(409);
    expect(await codes(conflict)).toEqual({ password: 'auth.link_requires_password' });
    expect(await codes(await b.post('/api/v1/user/googlelogin', { accessToken: token, password: 'wrong-guess' }))).toEqual({ password: 'validation.bad_credentials' });
    expect((await b.post('/api/v1/user/googlelogin', { accessToken: token, password: 'Kocka-v-botach-77' })).status).toBe(200);
    expect(((await (await b.get('/api/v1/user/profile')).json()) as { data: { sign_in: { google: boolean } } }).data.sign_in.google).toBe(true);
  });

  it('signs in with a sandbox Facebook token, and refuses a tampered one', async () => {
    const { secret } = sandboxFacebookSecrets(bindings);
    const email = unique();
    const token = await issueSandboxAccessToken(secret, { email, firstname: 'Iva', surname: 'Bílá' });
    expect((await browser().post('/api/v1/user/fblogin', { accessToken: token })).status).toBe(200);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await browser().post('/api/v1/user/fblogin', { accessToken: tampered })).status).toBe(401);
    expect((await browser().post('/api/v1/user/fblogin', { accessToken: await issueSandboxAccessToken(secret, { email, firstname: 'I', surname: 'B' }, { appId: 'another-app' }) })).status).toBe(401);
  });

  it('offers the sandbox only in local development', async () => {
    const local = (await (await browser().get('/api/v1/auth/providers')).json()) as { data: Record<string, { mode: string }> };
    expect(local.data.google!.mode).toBe('sandbox');
    const deployed = (await (await browser().call('GET', '/api/v1/auth/providers', undefined, { LOCAL_DEV: undefined })).json()) as { data: Record<string, { mode: string }> };
    expect(deployed.data).toMatchObject({ google: { mode: 'unavailable' }, facebook: { mode: 'unavailable' } });
    const token = await issueSandboxIdToken(jwk, { email: unique(), firstname: 'A', surname: 'B' });
    // not configured is a setting: the endpoints do not exist (404), not an outage (503)
    for (const path of ['/api/v1/user/googlelogin', '/api/v1/user/fblogin']) {
      const res = await browser().call('POST', path, { accessToken: token }, { LOCAL_DEV: undefined });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as ErrorJson).type).toBe('API_NOT_FOUND_ERROR');
    }
    // outside local development the mailbox path is just an unknown page (the stand-in page here)
    expect((await browser().call('GET', '/_dev/mailbox.json', undefined, { LOCAL_DEV: undefined })).headers.get('content-type')).toContain('text/html');
    expect((await browser().get('/_dev/mailbox.json')).headers.get('content-type')).toContain('application/json');
  });
});

describe('the account forms without JavaScript (issue 22): they post to their page, the edge answers', () => {
  const formState = async (res: Response) => JSON.parse(/<pre id="form">(.*)<\/pre>/.exec(await res.text())![1]!) as { form: string; values: Record<string, string>; errors: Record<string, string>; message?: { id: string } } | null;

  it('signs in: 303 back to `from` with the cookies; a wrong password renders the page again with the e-mail kept and no password', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    const b = browser();
    const res = await b.post('/prihlaseni?from=contact', new URLSearchParams({ email, password: 'Kocka-v-botach-77' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/kontakt');
    expect(b.jar.has(AUTH_COOKIE)).toBe(true);
    expect(b.jar.has('zslt_device')).toBe(true);
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);

    const wrong = await browser().post('/en/login', new URLSearchParams({ email, password: 'Wrong-guess-123' }));
    expect(wrong.status).toBe(401);
    const state = await formState(wrong);
    expect(state).toEqual({ form: 'login', values: { email }, errors: { password: 'validation.bad_credentials' } });
    const empty = await browser().post('/prihlaseni', new URLSearchParams({ email: 'not-an-email', password: '' }));
    expect(empty.status).toBe(400);
    expect((await formState(empty))!.errors).toEqual({ email: 'validation.email', password: 'validation.required' });
  });

  it('sends the sign-in link from the same form ("action=link")', async () => {
    const email = unique();
    await browser().post('/api/v1/user/register', person(email));
    const res = await browser().post('/prihlaseni', new URLSearchParams({ email, password: '', action: 'link' }));
    expect(res.status).toBe(200);
    expect((await formState(res))!.message).toMatchObject({ kind: 'success', id: 'login.linkSent' });
    expect((await mailTo(email)).results[0]!.template).toBe('login_link');
  });

  it('registers (a new address signs in, a taken one says to check the mailbox) and sends the forgotten-password link', async () => {
    const email = unique();
    const fields = (address: string) => new URLSearchParams({ segment: 'A', 'reg-email': address, 'reg-password': 'Kocka-v-botach-77', 'reg-firstname': 'Eva', 'reg-surname': 'Malá', 'reg-phone': '777 123 456', 'reg-terms': 'on' });
    const b = browser();
    const res = await b.post('/registrace', fields(email));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(b.jar.has(AUTH_COOKIE)).toBe(true);
    const again = browser();
    const taken = await again.post('/registrace', fields(email));
    expect(taken.status).toBe(200);
    expect((await formState(taken))!.message).toMatchObject({ kind: 'success', id: 'register.checkMail' });
    expect(again.jar.has(AUTH_COOKIE)).toBe(false);
    const invalid = await browser().post('/registrace', new URLSearchParams({ segment: 'A', 'reg-email': unique(), 'reg-password': 'x' }));
    expect(invalid.status).toBe(400);
    const state = (await formState(invalid))!;
    expect(state.errors).toMatchObject({ firstname: 'validation.required', terms: expect.any(String) });
    expect(state.values).not.toHaveProperty('password');

    const forgotten = await browser().post('/zapomenute-heslo', new URLSearchParams({ email }));
    expect(forgotten.status).toBe(200);
    expect((await formState(forgotten))!.message).toMatchObject({ kind: 'success', id: 'password.forgottenSent' });
    const [reset] = (await mailTo(email)).results;
    expect(reset!.template).toBe('password_reset');

    // the new password from the e-mailed link, posted: signed in; the used link says so on its field
    const link = new URL(linkIn(reset!.text)).pathname;
    const setter = browser();
    const set = await setter.post(link, new URLSearchParams({ password: 'Nove-heslo-2027', confirmation: 'Nove-heslo-2027' }));
    expect(set.status).toBe(303);
    expect(setter.jar.has(AUTH_COOKIE)).toBe(true);
    const used = await browser().post(link, new URLSearchParams({ password: 'Jine-heslo-2027', confirmation: 'Jine-heslo-2027' }));
    expect(used.status).toBe(401);
    expect((await formState(used))!.errors).toEqual({ token: 'validation.token_invalid' });
  });

  it('refuses a form post from another site, and posts to other pages', async () => {
    const b = browser();
    const res = await b.call('POST', '/prihlaseni', new URLSearchParams({ email: 'a@example.cz', password: 'x' }));
    expect(res.status).not.toBe(403);
    const cross = await app.fetch(new Request(`${base}/prihlaseni`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: new URLSearchParams({ email: 'a@example.cz', password: 'x' }) }), { ...bindings, RATE_LIMIT_WRITES: undefined });
    expect(cross.status).toBe(403);
    expect((await b.post('/kontakt', new URLSearchParams({ a: 'b' }))).status).toBe(405);
  });

  it('opening /klient/odhlaseni does not sign out; its form (POST) does, and revokes the key', async () => {
    const b = browser();
    await b.post('/api/v1/user/register', person());
    const page = await b.get('/klient/odhlaseni');
    expect(page.status).toBe(200);
    expect(b.jar.has(AUTH_COOKIE)).toBe(true);
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
    const copy = browser();
    for (const [k, v] of b.jar) copy.jar.set(k, v);
    const out = await b.post('/klient/odhlaseni', new URLSearchParams());
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(b.jar.has(AUTH_COOKIE)).toBe(false);
    expect((await copy.get('/api/v1/user/profile')).status).toBe(401);
  });
});

describe('settings, tutorial, company lookup, latest shipments', () => {
  it('keeps a user’s settings and tutorial progress', async () => {
    const b = browser();
    await b.post('/api/v1/user/register', person());
    const settings = (await (await b.get('/api/v2/user/settings/list-common')).json()) as { data: Record<string, unknown> };
    expect(settings.data).toMatchObject({ 'carriers.showFedexCapacityWarning': false, ordersViewMode: 'tiles' });
    expect((await b.post('/api/v1/app/settings', { ordersViewMode: 'list' })).status).toBe(200);
    expect(((await (await b.get('/api/v2/user/settings/list-common')).json()) as { data: Record<string, unknown> }).data.ordersViewMode).toBe('list');
    expect((await b.call('PATCH', '/api/v2/user/tutorial/update', { code: 'first-shipment', value: 2 })).status).toBe(200);
    expect(((await (await b.get('/api/v2/user/tutorial/list')).json()) as { data: unknown }).data).toEqual([{ code: 'first-shipment', value: 2 }]);
    expect((await browser().get('/api/v2/user/settings/list-common')).status).toBe(401);
  });

  it('looks a company up by IČO (the bundled sample when ARES is not asked), 404 for an unknown one', async () => {
    const found = (await (await browser().get('/api/v1/company/lookup?ico=27082440')).json()) as { data: Record<string, unknown> };
    expect(found.data).toMatchObject({ company: 'Alza.cz a.s.', city: 'Praha 7', zip: '17000', source: 'sample' });
    expect((await browser().get('/api/v1/company/lookup?ico=25596641')).status).toBe(404);
    expect((await browser().get('/api/v1/company/lookup?ico=12345678')).status).toBe(400);
  });

  it('lists no latest shipments before any order, and only to a signed-in user', async () => {
    const b = browser();
    await b.post('/api/v1/user/register', person());
    expect(await (await b.get('/api/v1/shipments/list?limit=3')).json()).toEqual({ data: [], meta: { total: 0, total_exact: true, limit: 3, offset: 0, next: null, carriers: [] } });
    expect((await browser().get('/api/v1/shipments/list?limit=3')).status).toBe(401);
  });
});
