import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { initialValues, requestOf, TEXT_KEYS, type Segment } from '../components/account/register-request';
import { returnPath } from '../components/account/return-to';
import { issueCode, type FieldError } from '../lib/api-errors';
import { issueErrors, messageIdOf, serverErrors } from '../lib/form-errors';
import type { FormPostState } from '../lib/form-post';
import { EmailOnlySchema, PasswordSetSchema, RegisterSchema } from '../lib/schemas/account';
import { LoginSchema } from '../lib/schemas/login';
import { href, type PageLocale, type RouteId } from '../routes';
import type { Env, RequestInfo } from './env';
import { callApi, type Dispatch } from './gateway';
import { DEVICE_COOKIE, DEVICE_HEADER, LOGOUT_PATH, settleSession } from './session';

/**
 * Forms that work without JavaScript (ARCHITECTURE "Forms post"): sign-in, registration,
 * forgotten password and sign-out post to their own page. The edge sends the same API call
 * the form's script sends, then redirects (303) or, for an error or a "sent" message,
 * renders the page again with the outcome (`info.form`). A password is never put back.
 */
export const FORM_ROUTES: ReadonlySet<RouteId> = new Set(['login', 'register', 'forgotten-password', 'set-password', 'klient-odhlaseni']);

type Outcome = { redirect: string; cookies: string[] } | { render: FormPostState; status: number };

type ApiAnswer = { res: Response; cookies: string[]; json: { errors?: FieldError[]; type?: string; data?: Record<string, unknown> } };

/** the API call behind a form, through the gateway, with the cookies the edge sets for it */
async function post(c: Context<Env>, ctx: Dispatch, path: string, payload: unknown, scope: { hostname: string; https: boolean }): Promise<ApiAnswer> {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const device = getCookie(c, DEVICE_COOKIE);
  if (device) headers.set(DEVICE_HEADER, device);
  const request = new Request(new URL(path, c.req.url), { method: 'POST', headers });
  const settled = await settleSession(path, await callApi(request, ctx, new TextEncoder().encode(JSON.stringify(payload)).buffer), c.env.SESSION_SECRET, scope);
  const json = (await settled.json().catch(() => ({}))) as ApiAnswer['json'];
  return { res: settled, cookies: settled.headers.getSetCookie(), json };
}

/** the API's field errors as the form shows them */
const failureOf = (answer: ApiAnswer) => serverErrors(answer.json.errors ?? []);

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** the outcome of a form's post, or null when the route takes no posts */
export async function handleFormPost(c: Context<Env>, { id: route, params }: { id: RouteId; params: Record<string, string> }, query: string, body: ArrayBuffer, ctx: Dispatch, scope: { hostname: string; https: boolean }): Promise<Outcome | null> {
  const info: RequestInfo = ctx.info;
  const locale: PageLocale = info.locale === 'en' || info.locale === 'sk' ? info.locale : 'cs';
  const contentType = c.req.header('content-type') ?? '';
  const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)
    ? await new Request(c.req.url, { method: 'POST', headers: { 'content-type': contentType }, body }).formData().catch(() => new FormData())
    : new FormData();
  const from = new URLSearchParams(query).get('from');
  const disabled = (answer: ApiAnswer) => answer.json.type === 'API_ACCOUNT_DISABLED_ERROR';

  if (route === 'klient-odhlaseni') {
    const answer = await post(c, ctx, LOGOUT_PATH, {}, scope);
    return { redirect: href('home', locale), cookies: answer.cookies };
  }

  if (route === 'login') {
    const values = { email: text(form, 'email'), password: text(form, 'password') };
    const kept = { email: values.email };
    if (text(form, 'action') === 'link') {
      const parsed = v.safeParse(LoginSchema.entries.email, values.email);
      if (!parsed.success) return { render: { form: 'login', values: kept, errors: { email: messageIdOf(issueCode(parsed.issues[0])) } }, status: 400 };
      const answer = await post(c, ctx, '/api/v1/user/login-link', { email: parsed.output, language: locale }, scope);
      if (!answer.res.ok) return { render: { form: 'login', values: kept, errors: failureOf(answer), message: { kind: 'error', id: 'login.failed' } }, status: answer.res.status };
      return { render: { form: 'login', values: kept, errors: {}, message: { kind: 'success', id: 'login.linkSent', values: { email: parsed.output } } }, status: 200 };
    }
    const parsed = v.safeParse(LoginSchema, values);
    if (!parsed.success) return { render: { form: 'login', values: kept, errors: issueErrors(parsed.issues) }, status: 400 };
    const answer = await post(c, ctx, '/api/v1/user/login', parsed.output, scope);
    if (answer.res.ok) return { redirect: returnPath(from, locale), cookies: answer.cookies };
    if (disabled(answer)) return { redirect: href('account-disabled', locale), cookies: answer.cookies };
    if (answer.res.status === 429) {
      const minutes = Math.max(1, Math.ceil(Number(answer.res.headers.get('retry-after') ?? 900) / 60));
      return { render: { form: 'login', values: kept, errors: {}, message: { kind: 'error', id: 'login.locked', values: { minutes } } }, status: 429 };
    }
    const errors = failureOf(answer);
    return { render: { form: 'login', values: kept, errors, message: Object.keys(errors).length ? undefined : { kind: 'error', id: 'login.failed' } }, status: answer.res.status };
  }

  if (route === 'register') {
    const segment: Segment = text(form, 'segment') === 'B' ? 'B' : 'A';
    const values = initialValues(text(form, 'reg-country') === 'sk' ? 'sk' : info.territory);
    for (const key of TEXT_KEYS) values[key] = text(form, `reg-${key}`);
    values.terms = form.has('reg-terms');
    const { password: _password, ...typed } = values;
    const kept = { ...Object.fromEntries(Object.entries(typed).map(([k, val]) => [k, String(val)])), segment };
    const parsed = v.safeParse(RegisterSchema, requestOf(segment, values, locale));
    if (!parsed.success) return { render: { form: 'register', values: kept, errors: issueErrors(parsed.issues) }, status: 400 };
    const answer = await post(c, ctx, '/api/v1/user/register', parsed.output, scope);
    if (answer.res.ok) {
      // a new account is signed in; a taken address is not (its owner got an e-mail): both read the same
      if (answer.cookies.length > 0) return { redirect: returnPath(from, locale), cookies: answer.cookies };
      return { render: { form: 'register', values: {}, errors: {}, message: { kind: 'success', id: 'register.checkMail', values: { email: values.email.trim() } } }, status: 200 };
    }
    const errors = failureOf(answer);
    return { render: { form: 'register', values: kept, errors, message: Object.keys(errors).length ? undefined : { kind: 'error', id: 'account.error.generic' } }, status: answer.res.status };
  }

  if (route === 'forgotten-password') {
    const email = text(form, 'email');
    const parsed = v.safeParse(EmailOnlySchema, { email, language: locale });
    if (!parsed.success) return { render: { form: 'forgotten', values: { email }, errors: issueErrors(parsed.issues) }, status: 400 };
    const answer = await post(c, ctx, '/api/v1/user/password/forgotten', parsed.output, scope);
    if (!answer.res.ok) {
      const errors = failureOf(answer);
      return { render: { form: 'forgotten', values: { email }, errors, message: Object.keys(errors).length ? undefined : { kind: 'error', id: 'account.error.generic' } }, status: answer.res.status };
    }
    return { render: { form: 'forgotten', values: { email: parsed.output.email }, errors: {}, message: { kind: 'success', id: 'password.forgottenSent', values: { email: parsed.output.email } } }, status: 200 };
  }
  if (route === 'set-password') {
    const parsed = v.safeParse(PasswordSetSchema, { token: params.token ?? '', password: text(form, 'password'), confirmation: text(form, 'confirmation') });
    if (!parsed.success) return { render: { form: 'set-password', values: {}, errors: issueErrors(parsed.issues) }, status: 400 };
    const answer = await post(c, ctx, '/api/v1/user/password/set', parsed.output, scope);
    if (answer.res.ok) return { redirect: href('home', locale), cookies: answer.cookies };
    if (disabled(answer)) return { redirect: href('account-disabled', locale), cookies: [] };
    const errors = failureOf(answer);
    return { render: { form: 'set-password', values: {}, errors, message: Object.keys(errors).length ? undefined : { kind: 'error', id: 'account.error.generic' } }, status: answer.res.status };
  }
  return null;
}
