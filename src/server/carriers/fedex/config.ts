import { CUSTOMS_INVOICE_PREFIX } from '../../../lib/customs-invoice';
import { isLocalDev, type OriginBindings } from '../../env';
import type { CarrierTransport } from '../booking';
import { fedexTransport, type FedexConfig, type FedexInvoiceFile } from './client';
import { fedexRates } from './rates';
import { FEDEX_SANDBOX_ACCOUNT, FEDEX_SANDBOX_CLIENT_ID, FEDEX_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/** FedEx's production hosts; FEDEX_API_URL=https://apis-sandbox.fedex.com and FEDEX_DOCUMENTS_URL=https://documentapitest.prod.fedex.com/sandbox for its test environment */
export const FEDEX_PRODUCTION_URL = 'https://apis.fedex.com';
export const FEDEX_DOCUMENTS_PRODUCTION_URL = 'https://documentapi.prod.fedex.com';

let sandbox: Promise<ReturnType<typeof import('./sandbox').fedexSandbox>> | undefined;
/** the sandbox, loaded on its first call (its code stays out of the worker's start-up chunk) */
const sandboxApp = () => (sandbox ??= import('./sandbox').then((m) => m.fedexSandbox()));
/** the token of each credentials, shared by the clients of every environment that uses them */
const tokens = new Map<string, NonNullable<FedexConfig['tokens']>>();
const clients = new WeakMap<OriginBindings, CarrierTransport>();

/** the customs step's uploaded invoice, read from R2 (the same file the order took) */
const invoiceReader = (env: OriginBindings) => async (id: string): Promise<FedexInvoiceFile | null> => {
  const object = await env.FILES?.get(`${CUSTOMS_INVOICE_PREFIX}${id}`);
  if (!object) return null;
  return { name: object.customMetadata?.name || `${id}.pdf`, contentType: object.httpMetadata?.contentType || 'application/pdf', data: await object.arrayBuffer() };
};

/**
 * The FedEx client this environment books with: FedEx itself with the operator's credentials;
 * without them, in local development, the product's own FedEx sandbox called in-process (the
 * same paths it serves under /_sandbox/carriers/fedex); otherwise none (FedEx cannot be ordered).
 */
export function fedexTransportFor(env: OriginBindings): CarrierTransport | null {
  const live = Boolean(env.FEDEX_CLIENT_ID && env.FEDEX_CLIENT_SECRET && env.FEDEX_ACCOUNT_NUMBER);
  if (!live && !isLocalDev(env)) return null;
  const cached = clients.get(env);
  if (cached) return cached;
  let client: CarrierTransport;
  if (live) {
    const config = {
      baseUrl: env.FEDEX_API_URL || FEDEX_PRODUCTION_URL,
      documentsUrl: env.FEDEX_DOCUMENTS_URL || FEDEX_DOCUMENTS_PRODUCTION_URL,
      clientId: env.FEDEX_CLIENT_ID!,
      clientSecret: env.FEDEX_CLIENT_SECRET!,
      accountNumber: env.FEDEX_ACCOUNT_NUMBER!,
    };
    const key = JSON.stringify([config.baseUrl, config.clientId, config.clientSecret]);
    if (!tokens.has(key)) tokens.set(key, { current: null });
    client = fedexTransport({ ...config, sheet: fedexRates, invoice: invoiceReader(env), tokens: tokens.get(key) });
  } else {
    client = fedexTransport({
      baseUrl: 'http://fedex.sandbox',
      documentsUrl: 'http://fedex.sandbox',
      clientId: FEDEX_SANDBOX_CLIENT_ID,
      clientSecret: FEDEX_SANDBOX_CLIENT_SECRET,
      accountNumber: FEDEX_SANDBOX_ACCOUNT,
      sheet: fedexRates,
      invoice: invoiceReader(env),
      // in-process, it shares the worker's CPU (its first label loads the drawing code): a carrier's 15 s is too short under load
      timeoutMs: 60_000,
      fetch: async (request) => (await sandboxApp()).fetch(request, env),
    });
  }
  clients.set(env, client);
  return client;
}
