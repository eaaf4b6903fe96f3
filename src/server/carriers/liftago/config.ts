import { isLocalDev, type OriginBindings } from '../../env';
import { liftagoTransport, type LiftagoTransport } from './client';
import { LIFTAGO_SANDBOX_PARTNER, LIFTAGO_SANDBOX_TOKEN } from './sandbox-account';

/** Liftago's production host; the partner's API lives under /v1/partners/{partnerId} */
export const LIFTAGO_PRODUCTION_URL = 'https://api.liftago.com';

let sandbox: Promise<ReturnType<typeof import('./sandbox').liftagoSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.liftagoSandbox()));
const clients = new Map<string, LiftagoTransport>();
const sandboxClients = new WeakMap<OriginBindings, LiftagoTransport>();

/**
 * The Liftago client this environment books with: Liftago itself with the operator's token and
 * partner id; without them, in local development, the product's Liftago sandbox in-process (the
 * same paths it serves under /_sandbox/carriers/liftago); otherwise none.
 */
export function liftagoTransportFor(env: OriginBindings): LiftagoTransport | null {
  if (env.LIFTAGO_API_TOKEN && env.LIFTAGO_PARTNER_ID) {
    const baseUrl = `${(env.LIFTAGO_API_URL || LIFTAGO_PRODUCTION_URL).replace(/\/$/, '')}/v1/partners/${encodeURIComponent(env.LIFTAGO_PARTNER_ID)}`;
    const key = JSON.stringify([baseUrl, env.LIFTAGO_API_TOKEN, env.LIFTAGO_PRODUCT_SETTING_ID ?? '']);
    let client = clients.get(key);
    if (!client) clients.set(key, (client = liftagoTransport({ baseUrl, token: env.LIFTAGO_API_TOKEN, productSettingId: env.LIFTAGO_PRODUCT_SETTING_ID || undefined })));
    return client;
  }
  if (!isLocalDev(env)) return null;
  const cached = sandboxClients.get(env);
  if (cached) return cached;
  const client = liftagoTransport({
    baseUrl: `http://liftago.sandbox/v1/partners/${LIFTAGO_SANDBOX_PARTNER}`,
    token: LIFTAGO_SANDBOX_TOKEN,
    // in-process, it shares the worker's CPU (its first label loads the drawing code)
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
  sandboxClients.set(env, client);
  return client;
}
