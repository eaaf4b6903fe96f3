import { pointById } from '../../db/repositories/parcel-points';
import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { wedoTransport } from './client';
import { wedoRates } from './rates';
import { WEDO_API_PATH, WEDO_SANDBOX_KEY, WEDO_SANDBOX_USER } from './sandbox-account';

/** WE|DO's production API v2; WEDO_API_URL=https://api.test.wedo.cz/v2 for its test environment */
export const WEDO_PRODUCTION_URL = 'https://api.wedo.cz/v2';

let sandbox: Promise<ReturnType<typeof import('./sandbox').wedoSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.wedoSandbox()));

const pointKindIn = (env: OriginBindings) => async (pointId: string) => (await pointById(env.DB, pointId))?.kind ?? null;

/**
 * The One by Allegro client this environment books with: WE|DO itself with the operator's API
 * user and key; without them, in local development, the product's own WE|DO sandbox called
 * in-process (the same paths it serves under /_sandbox/carriers/wedo); otherwise none.
 */
export function wedoTransportFor(env: OriginBindings): CarrierTransport | null {
  if (env.WEDO_API_USER && env.WEDO_API_KEY) {
    return wedoTransport({
      baseUrl: env.WEDO_API_URL || WEDO_PRODUCTION_URL,
      user: env.WEDO_API_USER,
      apiKey: env.WEDO_API_KEY,
      ...(env.WEDO_PICKUP_PLACE ? { pickupPlace: env.WEDO_PICKUP_PLACE } : {}),
      pointKind: pointKindIn(env),
      sheet: wedoRates,
    });
  }
  if (!isLocalDev(env)) return null;
  return wedoTransport({
    baseUrl: `http://wedo.sandbox${WEDO_API_PATH}`,
    user: WEDO_SANDBOX_USER,
    apiKey: WEDO_SANDBOX_KEY,
    pointKind: pointKindIn(env),
    sheet: wedoRates,
    // in-process: the first label loads the PDF code, which a cold dev server takes long for
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
}
