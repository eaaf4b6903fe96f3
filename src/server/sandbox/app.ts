import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { translator } from '../../i18n';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import type { OriginEnv } from '../env';
import { sandboxFacebookSecrets, sandboxJwk } from '../identity/social/providers';
import { issueSandboxAccessToken, issueSandboxIdToken, SANDBOX_FACEBOOK_APP_ID, SANDBOX_GOOGLE_CLIENT_ID, sandboxJwks } from '../identity/social/sandbox';
import type { SocialProviderId } from '../identity/social/types';
import { createOriginApp } from '../app';
import { pplSandbox } from '../carriers/ppl/sandbox';
import { dpdSandbox } from '../carriers/dpd/sandbox';
import { upsSandbox } from '../carriers/ups/sandbox';
import { fedexSandbox } from '../carriers/fedex/sandbox';
import { liftagoSandbox } from '../carriers/liftago/sandbox';
import { balikovnaSandbox } from '../carriers/balikovna/sandbox';
import { toptransSandbox } from '../carriers/toptrans/sandbox';
import { wedoSandbox } from '../carriers/wedo/sandbox';
import { glsSandbox } from '../carriers/gls/sandbox';
import { gopaySandbox } from '../payments/card/gopay/sandbox';
import { fioImportSandbox } from '../payments/bank/fio-import-sandbox';

/**
 * Local development only (the edge mounts this when LOCAL_DEV is on): the sandbox identity
 * provider's pages and the local mailbox. Everything here says it is a sandbox.
 */
const CLIENT_IDS: Record<SocialProviderId, string> = { google: SANDBOX_GOOGLE_CLIENT_ID, facebook: SANDBOX_FACEBOOK_APP_ID };
const NAMES: Record<SocialProviderId, string> = { google: 'Google', facebook: 'Facebook' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (lang: 'cs' | 'en', title: string, body: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;background:#fff7e6;color:#1d2733;margin:0;padding:24px}main{max-width:560px;margin:0 auto;background:#fff;border:2px dashed #d98a00;border-radius:8px;padding:24px}
.badge{display:inline-block;background:#d98a00;color:#fff;font-weight:bold;padding:2px 8px;border-radius:4px;font-size:13px}label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;box-sizing:border-box;font-size:16px}
.actions{display:flex;gap:12px;margin-top:20px}button{padding:10px 16px;font-size:16px;cursor:pointer}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top;font-size:14px}pre{white-space:pre-wrap}</style>
</head><body><main>${body}</main></body></html>`;

/** the language of the page the flow returns to */
const languageOf = (redirectUri: string): 'cs' | 'en' => (/^\/en(\/|$)/.test(safePath(redirectUri) ?? '') ? 'en' : 'cs');
const safePath = (uri: string) => (URL.canParse(uri) ? new URL(uri).pathname : null);

/** a redirect back only to this site: a token must never be handed to another origin */
function sameOrigin(redirectUri: string, requestUrl: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  return new URL(redirectUri).origin === new URL(requestUrl).origin;
}

function authorizeForm(provider: SocialProviderId, q: Record<string, string>) {
  const lang = languageOf(q.redirect_uri ?? '');
  const t = translator(lang);
  const hidden = ['redirect_uri', 'state', 'nonce', 'client_id'].map((k) => `<input type="hidden" name="${k}" value="${escape(q[k] ?? '')}">`).join('');
  return page(
    lang,
    t('sandbox.idp.title', { provider: NAMES[provider] }),
    `<p><span class="badge">${escape(t('sandbox.badge'))}</span></p>
<h1>${escape(t('sandbox.idp.title', { provider: NAMES[provider] }))}</h1>
<p>${escape(t('sandbox.idp.explain', { provider: NAMES[provider] }))}</p>
<form method="post">${hidden}
<label for="email">${escape(t('sandbox.idp.email'))}</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="firstname">${escape(t('sandbox.idp.firstname'))}</label><input id="firstname" name="firstname" required>
<label for="surname">${escape(t('sandbox.idp.surname'))}</label><input id="surname" name="surname" required>
<div class="actions"><button type="submit" name="action" value="allow">${escape(t('sandbox.idp.allow'))}</button><button type="submit" name="action" value="cancel" formnovalidate>${escape(t('sandbox.idp.cancel'))}</button></div>
</form>`,
  );
}

let originApp: ReturnType<typeof createOriginApp> | undefined;
const origin = () => (originApp ??= createOriginApp());

export function createSandboxApp() {
  const app = new Hono<OriginEnv>();

  for (const provider of ['google', 'facebook'] as const) {
    const path = `/_sandbox/idp/${provider}/authorize`;
    app.get(path, (c) => {
      const q = c.req.query();
      if (q.client_id !== CLIENT_IDS[provider] || !sameOrigin(q.redirect_uri ?? '', c.req.url)) {
        return c.html(page('en', 'Sandbox: bad request', '<h1>Sandbox identity provider</h1><p>Unknown client_id or a redirect_uri of another origin.</p>'), 400);
      }
      return c.html(authorizeForm(provider, q));
    });
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
      const redirectUri = field('redirect_uri');
      if (field('client_id') !== CLIENT_IDS[provider] || !sameOrigin(redirectUri, c.req.url)) return c.text('Sandbox: bad request', 400);
      const state = encodeURIComponent(field('state'));
      if (field('action') !== 'allow' || !field('email')) return c.redirect(`${redirectUri}#error=access_denied&state=${state}`, 302);
      const person = { email: field('email'), firstname: field('firstname'), surname: field('surname') };
      if (provider === 'google') {
        const jwk = sandboxJwk(c.env);
        if (!jwk) return c.text('Sandbox: SANDBOX_IDP_JWK is not configured (npm run dev-secrets)', 500);
        const token = await issueSandboxIdToken(jwk, person, { nonce: field('nonce') || undefined });
        return c.redirect(`${redirectUri}#id_token=${encodeURIComponent(token)}&state=${state}`, 302);
      }
      const token = await issueSandboxAccessToken(sandboxFacebookSecrets(c.env).secret, person);
      return c.redirect(`${redirectUri}#access_token=${encodeURIComponent(token)}&token_type=bearer&expires_in=3600&state=${state}`, 302);
    });
  }

  // GoPay's payments API and its payment page as the sandbox speaks them (the product's GoPay
  // client calls …/_sandbox/gopay/api in-process locally); its notification (GET
  // notification_url?id=…) is delivered in-process, and only to this site
  app.route(
    '/_sandbox/gopay',
    gopaySandbox({
      notify: async (url, c) => {
        // only to this site (either territory's host)
        if (!URL.canParse(url) || ![new URL(c.req.url).host, c.env.CZ_HOST, c.env.SK_HOST].includes(new URL(url).host)) return;
        const target = new URL(url);
        const notified = await Promise.resolve(origin().fetch(new Request(new URL(`${target.pathname}${target.search}`, c.req.url)), c.env, c.executionCtx));
        if (!notified.ok) console.warn('gopay sandbox: notification answered', notified.status);
      },
    }),
  );

  // Fio's payment import (refunds' daily payment order): books the payments on the sandbox bank's statement
  app.route('/_sandbox/fio', fioImportSandbox());

  // the carriers' APIs as their sandboxes speak them (the product's clients call these locally)
  app.route('/_sandbox/carriers/ups', upsSandbox());
  app.route('/_sandbox/carriers/liftago', liftagoSandbox());
  app.route('/_sandbox/carriers/ppl', pplSandbox());
  app.route('/_sandbox/carriers/dpd', dpdSandbox());
  app.route('/_sandbox/carriers/balikovna', balikovnaSandbox());
  app.route('/_sandbox/carriers/toptrans', toptransSandbox());
  app.route('/_sandbox/carriers/wedo', wedoSandbox());
  app.route('/_sandbox/carriers/fedex', fedexSandbox());
  app.route('/_sandbox/carriers/gls', glsSandbox());

  app.get('/_sandbox/idp/jwks.json', (c) => {
    const jwk = sandboxJwk(c.env);
    return jwk ? c.json(sandboxJwks(jwk)) : c.json({ keys: [] });
  });

  const latestMail = (db: D1Database) =>
    database(db)
      .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html, template: outbox.template, status: outbox.status, sent_at: outbox.sentAt, created_at: outbox.createdAt })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(100);

  app.get('/_dev/mailbox.json', async (c) => c.json({ data: await latestMail(c.env.DB) }));
  app.get('/_dev/mailbox', async (c) => {
    const t = translator('cs');
    const rows = await latestMail(c.env.DB);
    const list = rows
      .map((m) => `<tr><td>${escape(m.created_at)}<br><small>${escape(m.status)}</small></td><td>${escape(m.to)}</td><td><strong>${escape(m.subject)}</strong><pre>${escape(m.text)}</pre></td></tr>`)
      .join('');
    return c.html(page('cs', t('sandbox.mailbox.title'), `<p><span class="badge">${escape(t('sandbox.badge'))}</span></p><h1>${escape(t('sandbox.mailbox.title'))}</h1><p>${escape(t('sandbox.mailbox.explain'))}</p><table><tr><th>${escape(t('sandbox.mailbox.when'))}</th><th>${escape(t('sandbox.mailbox.to'))}</th><th>${escape(t('sandbox.mailbox.message'))}</th></tr>${list}</table>`));
  });

  return app;
}
