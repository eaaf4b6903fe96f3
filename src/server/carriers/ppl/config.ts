import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { pplTransport } from './client';
import { pplRates } from './rates';
import { PPL_SANDBOX_CLIENT_ID, PPL_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/** PPL's production API root; PPL_API_URL=https://api-dev.dhl.com/ecs/ppl/myapi2 for its test host */
export const PPL_PRODUCTION_URL = 'https://api.dhl.com/ecs/ppl/myapi2';

let sandbox: Promise<ReturnType<typeof import('./sandbox').pplSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.pplSandbox()));

/**
 * The PPL client this environment books with: PPL itself with the operator's credentials;
 * without them, in local development, the product's own PPL sandbox called in-process (the same
 * paths it serves under /_sandbox/carriers/ppl); otherwise none (PPL cannot be ordered).
 */
export function pplTransportFor(env: OriginBindings): CarrierTransport | null {
  if (env.PPL_CLIENT_ID && env.PPL_CLIENT_SECRET) {
    return pplTransport({ baseUrl: env.PPL_API_URL || PPL_PRODUCTION_URL, clientId: env.PPL_CLIENT_ID, clientSecret: env.PPL_CLIENT_SECRET, sheet: pplRates });
  }
  if (!isLocalDev(env)) return null;
  return pplTransport({
    baseUrl: 'http://ppl.sandbox',
    clientId: PPL_SANDBOX_CLIENT_ID,
    clientSecret: PPL_SANDBOX_CLIENT_SECRET,
    sheet: pplRates,
    // in-process, a cold start loads the label code (pdf-lib) on the first label: not PPL's network
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
}
