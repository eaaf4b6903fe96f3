import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { toptransTransport } from './client';
import { toptransRates } from './rates';
import { TOPTRANS_SANDBOX_PASSWORD, TOPTRANS_SANDBOX_USERNAME } from './sandbox-account';

/** TOPTRANS's customer portal ZP2, whose API we call (it has no separate test host) */
export const TOPTRANS_PRODUCTION_URL = 'https://zp.toptrans.cz';

let sandbox: Promise<ReturnType<typeof import('./sandbox').toptransSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.toptransSandbox()));

/**
 * The TOPTRANS client this environment books with: TOPTRANS itself with the operator's ZP2
 * login; without it, in local development, the product's own TOPTRANS sandbox called in-process
 * (the same paths it serves under /_sandbox/carriers/toptrans); otherwise none.
 */
export function toptransTransportFor(env: OriginBindings): CarrierTransport | null {
  if (env.TOPTRANS_USERNAME && env.TOPTRANS_PASSWORD) {
    return toptransTransport({ baseUrl: env.TOPTRANS_API_URL || TOPTRANS_PRODUCTION_URL, username: env.TOPTRANS_USERNAME, password: env.TOPTRANS_PASSWORD, sheet: toptransRates });
  }
  if (!isLocalDev(env)) return null;
  return toptransTransport({
    baseUrl: 'http://toptrans.sandbox',
    username: TOPTRANS_SANDBOX_USERNAME,
    password: TOPTRANS_SANDBOX_PASSWORD,
    sheet: toptransRates,
    // in-process: the first label of an isolate loads the PDF code, which a cold dev server takes long for
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
}
