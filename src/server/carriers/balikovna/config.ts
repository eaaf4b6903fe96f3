import { pointById } from '../../db/repositories/parcel-points';
import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { balikovnaTransport } from './client';
import { balikovnaRates } from './rates';
import { CPOST_SANDBOX_API_TOKEN, CPOST_SANDBOX_CUSTOMER_ID, CPOST_SANDBOX_LOCATION, CPOST_SANDBOX_POST_CODE, CPOST_SANDBOX_SECRET_KEY, ZSK_PATH } from './sandbox-account';

/** Česká pošta's production ZSKService; CPOST_API_URL=https://b2b-test.postaonline.cz:444/restservices/ZSKService/v1 for its test environment */
export const CPOST_PRODUCTION_URL = 'https://b2b.postaonline.cz:444/restservices/ZSKService/v1';

let sandbox: Promise<ReturnType<typeof import('./sandbox').balikovnaSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.balikovnaSandbox()));

/** a Balíkovna point's 5-digit code: our parcel point's zip (the points Česká pošta lists are keyed by it) */
const pointCodeIn = (env: OriginBindings) => async (pointId: string) => {
  const row = await pointById(env.DB, pointId);
  return row?.zip.replace(/\s/g, '') || null;
};

/**
 * The Balíkovna client this environment books with: Česká pošta itself with the operator's
 * credentials; without them, in local development, the product's own Česká pošta sandbox called
 * in-process (the same paths it serves under /_sandbox/carriers/balikovna); otherwise none.
 */
export function balikovnaTransportFor(env: OriginBindings): CarrierTransport | null {
  if (env.CPOST_API_TOKEN && env.CPOST_SECRET_KEY && env.CPOST_CUSTOMER_ID && env.CPOST_POST_CODE) {
    return balikovnaTransport({
      baseUrl: env.CPOST_API_URL || CPOST_PRODUCTION_URL,
      apiToken: env.CPOST_API_TOKEN,
      secretKey: env.CPOST_SECRET_KEY,
      customerId: env.CPOST_CUSTOMER_ID,
      postCode: env.CPOST_POST_CODE,
      locationNumber: Number(env.CPOST_LOCATION_NUMBER) || 1,
      pointCode: pointCodeIn(env),
      sheet: balikovnaRates,
    });
  }
  if (!isLocalDev(env)) return null;
  return balikovnaTransport({
    baseUrl: `http://balikovna.sandbox${ZSK_PATH}`,
    apiToken: CPOST_SANDBOX_API_TOKEN,
    secretKey: CPOST_SANDBOX_SECRET_KEY,
    customerId: CPOST_SANDBOX_CUSTOMER_ID,
    postCode: CPOST_SANDBOX_POST_CODE,
    locationNumber: CPOST_SANDBOX_LOCATION,
    pointCode: pointCodeIn(env),
    sheet: balikovnaRates,
    // in-process: the first call of an isolate loads the label's PDF code, which a cold dev server takes long for
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
}
