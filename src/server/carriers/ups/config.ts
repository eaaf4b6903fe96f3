import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { upsTransport } from './client';
import { upsRates } from './rates';
import { UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/** UPS's production host; UPS_API_URL=https://wwwcie.ups.com for its test environment (CIE) */
export const UPS_PRODUCTION_URL = 'https://onlinetools.ups.com';

let sandbox: Promise<ReturnType<typeof import('./sandbox').upsSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.upsSandbox()));
/** one client per credentials (per environment for the sandbox), so its token is cached until it expires */
const clients = new Map<string, CarrierTransport>();
const sandboxClients = new WeakMap<OriginBindings, CarrierTransport>();

/**
 * The UPS client this environment books with: UPS itself with the operator's credentials;
 * without them, in local development, the product's own UPS sandbox called in-process (the same
 * paths it serves under /_sandbox/carriers/ups); otherwise none (UPS cannot be ordered).
 */
export function upsTransportFor(env: OriginBindings): CarrierTransport | null {
  if (env.UPS_CLIENT_ID && env.UPS_CLIENT_SECRET && env.UPS_ACCOUNT_NUMBER) {
    const config = { baseUrl: env.UPS_API_URL || UPS_PRODUCTION_URL, clientId: env.UPS_CLIENT_ID, clientSecret: env.UPS_CLIENT_SECRET, accountNumber: env.UPS_ACCOUNT_NUMBER, sheet: upsRates };
    const key = JSON.stringify([config.baseUrl, config.clientId, config.clientSecret, config.accountNumber]);
    let client = clients.get(key);
    if (!client) clients.set(key, (client = upsTransport(config)));
    return client;
  }
  if (!isLocalDev(env)) return null;
  const cached = sandboxClients.get(env);
  if (cached) return cached;
  const client = upsTransport({
    baseUrl: 'http://ups.sandbox',
    clientId: UPS_SANDBOX_CLIENT_ID,
    clientSecret: UPS_SANDBOX_CLIENT_SECRET,
    accountNumber: UPS_SANDBOX_ACCOUNT,
    sheet: upsRates,
    // in-process, it shares the worker's CPU (its first label loads the drawing code): a carrier's 15 s is too short under load
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
  sandboxClients.set(env, client);
  return client;
}
