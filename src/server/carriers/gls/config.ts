import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { glsTransport, type GlsAccount } from './client';
import { glsRates } from './rates';
import { GLS_SANDBOX } from './sandbox-account';

/** MyGLS's production hosts, one per country (their test hosts: https://api.test.mygls.cz, https://api.test.mygls.sk) */
export const GLS_CZ_PRODUCTION_URL = 'https://api.mygls.cz';
export const GLS_SK_PRODUCTION_URL = 'https://api.mygls.sk';

let sandbox: Promise<ReturnType<typeof import('./sandbox').glsSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.glsSandbox()));
const sandboxClients = new WeakMap<OriginBindings, CarrierTransport>();

function accountOf(url: string, username?: string, password?: string, clientNumber?: string): GlsAccount | undefined {
  if (!username || !password || !clientNumber || !/^\d+$/.test(clientNumber.trim())) return undefined;
  return { baseUrl: url, username, password, clientNumber: Number(clientNumber.trim()) };
}

/**
 * The GLS client this environment books with: MyGLS itself for each country whose account the
 * operator set (GLS CZ for the Czech site, GLS SK for the Slovak one; a territory without one is
 * not orderable, availability.ts); without any, in local development, the product's own MyGLS
 * sandbox called in-process (the same paths it serves under /_sandbox/carriers/gls); else none.
 */
export function glsTransportFor(env: OriginBindings): CarrierTransport | null {
  const cz = accountOf(env.GLS_CZ_API_URL || GLS_CZ_PRODUCTION_URL, env.GLS_CZ_USERNAME, env.GLS_CZ_PASSWORD, env.GLS_CZ_CLIENT_NUMBER);
  const sk = accountOf(env.GLS_SK_API_URL || GLS_SK_PRODUCTION_URL, env.GLS_SK_USERNAME, env.GLS_SK_PASSWORD, env.GLS_SK_CLIENT_NUMBER);
  if (cz || sk) return glsTransport({ cz, sk, sheet: glsRates });
  if (!isLocalDev(env)) return null;
  const cached = sandboxClients.get(env);
  if (cached) return cached;
  const base = 'http://gls.sandbox';
  const client = glsTransport({
    cz: { baseUrl: `${base}/cz`, ...GLS_SANDBOX.cz },
    sk: { baseUrl: `${base}/sk`, ...GLS_SANDBOX.sk },
    sheet: glsRates,
    // our own code in-process, not a network: only a hang is a failure
    timeoutMs: 120_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
  sandboxClients.set(env, client);
  return client;
}
