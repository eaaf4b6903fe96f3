import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { dpdTransport, type DpdCzConfig, type DpdSkConfig } from './client';
import { dpdRates } from './rates';
import { DPD_SANDBOX } from './sandbox-account';

/** DPD's production hosts: DPD CZ's DPD Shipping API (NST), DPD SK's Shipper API, DPD's tracking */
export const DPD_CZ_PRODUCTION_URL = 'https://shipping.dpdgroup.com';
export const DPD_SK_PRODUCTION_URL = 'https://api.dpd.sk/shipment/json';
export const DPD_TRACKING_URL = 'https://tracking.dpd.de';

let sandbox: Promise<ReturnType<typeof import('./sandbox').dpdSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.dpdSandbox()));

function czOf(env: OriginBindings): DpdCzConfig | undefined {
  if (!env.DPD_CZ_API_TOKEN || !env.DPD_CZ_CUSTOMER_ID || !env.DPD_CZ_SENDER_ADDRESS_ID) return undefined;
  return { baseUrl: env.DPD_CZ_API_URL || DPD_CZ_PRODUCTION_URL, apiToken: env.DPD_CZ_API_TOKEN, customerId: env.DPD_CZ_CUSTOMER_ID, senderAddressId: env.DPD_CZ_SENDER_ADDRESS_ID };
}
function skOf(env: OriginBindings): DpdSkConfig | undefined {
  if (!env.DPD_SK_API_KEY || !env.DPD_SK_EMAIL || !env.DPD_SK_DELIS_ID || !env.DPD_SK_ADDRESS_ID) return undefined;
  return { url: env.DPD_SK_API_URL || DPD_SK_PRODUCTION_URL, apiKey: env.DPD_SK_API_KEY, email: env.DPD_SK_EMAIL, delisId: env.DPD_SK_DELIS_ID, addressId: env.DPD_SK_ADDRESS_ID, bankAccountId: env.DPD_SK_BANK_ACCOUNT_ID };
}

/**
 * The DPD client this environment books with: DPD itself for each territory whose credentials
 * the operator set (a territory without them is not orderable, availability.ts); without any, in
 * local development, the product's own DPD sandbox called in-process (the same paths it serves
 * under /_sandbox/carriers/dpd); otherwise none.
 */
export function dpdTransportFor(env: OriginBindings): CarrierTransport | null {
  const cz = czOf(env);
  const sk = skOf(env);
  if (cz || sk) return dpdTransport({ cz, sk, trackingUrl: env.DPD_TRACKING_URL || DPD_TRACKING_URL, sheet: dpdRates });
  if (!isLocalDev(env)) return null;
  const base = 'http://dpd.sandbox';
  return dpdTransport({
    cz: { baseUrl: `${base}/cz`, ...DPD_SANDBOX.cz },
    sk: { url: `${base}/sk/shipment/json`, ...DPD_SANDBOX.sk },
    trackingUrl: `${base}/tracking`,
    sheet: dpdRates,
    // our own code in-process, not a network: only a hang is a failure
    timeoutMs: 120_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env),
  });
}
