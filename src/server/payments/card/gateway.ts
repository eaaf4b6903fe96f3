import { isLocalDev, type OriginBindings } from '../../env';
import { siteUrl } from '../../services/accounts/links';
import { GOPAY_CURRENCIES } from './gopay/schemas';
import { GOPAY_CZ_SWIFTS, GOPAY_PRODUCTION_API, GoPayRefusedError, GoPayUnavailableError, gatewayStatusOf, gopayClient, notifiedPaymentId, type GoPayClient, type GoPayConfig, type GoPayPaymentOrder } from './gopay/client';
import { GOPAY_SANDBOX_CLIENT_ID, GOPAY_SANDBOX_CLIENT_SECRET, GOPAY_SANDBOX_GOID } from './gopay/sandbox-account';
import { CardGatewayError, CardGatewayRefusedError, CardGatewayUnavailableError, type CardGateway, type CreateCardPayment } from './types';

const notConfigured = () => new CardGatewayUnavailableError('no card gateway is configured');
const unavailable: CardGateway = {
  mode: 'unavailable',
  create: async () => {
    throw notConfigured();
  },
  notifiedRef: () => null,
  status: async () => {
    throw notConfigured();
  },
  refund: async () => {
    throw notConfigured();
  },
};

/** GoPay's errors as the seam's: a caller catches CardGatewayError and keeps its state */
async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardGatewayError) throw error;
    if (error instanceof GoPayRefusedError) throw new CardGatewayRefusedError(error.message, error.errorCode, { cause: error });
    if (error instanceof GoPayUnavailableError) throw new CardGatewayUnavailableError(error.message, { cause: error });
    // a payment our client would not send (RangeError: items not adding up, a field GoPay refuses): GoPay would refuse it too
    if (error instanceof RangeError) throw new CardGatewayRefusedError(error.message, null, { cause: error });
    throw error;
  }
}

type Currency = GoPayPaymentOrder['currency'];

/** GoPay's order_number is letters and digits only */
const gopayOrderNumber = (number: string) => number.replace(/[^A-Za-z0-9]/g, '').slice(0, 128) || 'X';

/** our payment → GoPay's: card first, Apple Pay and Google Pay, and the Czech banks' buttons for crowns */
export function gopayOrderOf(p: CreateCardPayment): GoPayPaymentOrder {
  if (!(GOPAY_CURRENCIES as readonly string[]).includes(p.currency)) throw new CardGatewayRefusedError(`GoPay takes no ${p.currency}`, null);
  const czk = p.currency === 'CZK';
  return {
    orderNumber: gopayOrderNumber(p.orderNumber),
    amountMinor: p.amountMinor,
    currency: p.currency as Currency,
    description: p.label,
    items: p.items,
    payer: p.payer,
    instruments: czk ? ['PAYMENT_CARD', 'APPLE_PAY', 'GPAY', 'BANK_ACCOUNT'] : ['PAYMENT_CARD', 'APPLE_PAY', 'GPAY'],
    swifts: czk ? GOPAY_CZ_SWIFTS : undefined,
    language: p.language,
    returnUrl: p.returnUrl,
    notificationUrl: p.notifyUrl,
  };
}

export function gopayGateway(client: GoPayClient, mode: 'live' | 'sandbox'): CardGateway {
  return {
    mode,
    create: (payment) =>
      translated(async () => {
        const created = await client.createPayment(gopayOrderOf(payment));
        return { ref: created.id, redirectUrl: created.gatewayUrl };
      }),
    notifiedRef: (url) => notifiedPaymentId(url),
    status: (ref) =>
      translated(async () => {
        const payment = await client.paymentStatus(ref);
        return { ...gatewayStatusOf(payment.state, payment.subState), amountMinor: payment.amountMinor, currency: payment.currency, orderNumber: payment.orderNumber };
      }),
    refund: (ref, amountMinor) =>
      translated(async () => ({ finished: (await client.refund(ref, amountMinor)).result === 'FINISHED' })),
  };
}

// one client per account, so its token (30 minutes) serves the isolate's requests
const liveClients = new Map<string, GoPayClient>();
function liveClient(config: GoPayConfig): GoPayClient {
  const key = [config.baseUrl, config.clientId, config.clientSecret, config.goId].join('\n');
  let client = liveClients.get(key);
  if (!client) liveClients.set(key, (client = gopayClient(config)));
  return client;
}

let sandbox: Promise<ReturnType<typeof import('../../sandbox/app').createSandboxApp>> | undefined;
/** the local sandboxes (GoPay's under /_sandbox/gopay), loaded on the first call */
const sandboxApp = () => (sandbox ??= import('../../sandbox/app').then((m) => m.createSandboxApp()));
/** a context for the sandbox called in-process: what it defers (its notifications) runs on its own */
const inProcess: ExecutionContext = {
  waitUntil: (promise) => void Promise.resolve(promise).catch((error: unknown) => console.warn('gopay sandbox: deferred work failed', error)),
  passThroughOnException: () => {},
  props: {},
} as ExecutionContext;

/** the product's GoPay sandbox's API, served by this site at /_sandbox/gopay/api (called in-process) */
export const gopaySandboxApiUrl = (env: OriginBindings) => siteUrl(env, '/_sandbox/gopay/api');

/**
 * The card gateway: GoPay with the operator's credentials (GOPAY_CLIENT_ID, GOPAY_CLIENT_SECRET,
 * GOPAY_GOID; GOPAY_API_URL defaults to GoPay's production API); without them, in local
 * development, the same client against the product's GoPay sandbox; otherwise none (card is
 * not offered).
 */
export function cardGateway(env: OriginBindings): CardGateway {
  if (env.GOPAY_CLIENT_ID && env.GOPAY_CLIENT_SECRET && env.GOPAY_GOID) {
    const client = liveClient({ baseUrl: env.GOPAY_API_URL || GOPAY_PRODUCTION_API, clientId: env.GOPAY_CLIENT_ID, clientSecret: env.GOPAY_CLIENT_SECRET, goId: env.GOPAY_GOID });
    return gopayGateway(client, 'live');
  }
  if (!isLocalDev(env)) return unavailable;
  const client = gopayClient({
    baseUrl: gopaySandboxApiUrl(env),
    clientId: GOPAY_SANDBOX_CLIENT_ID,
    clientSecret: GOPAY_SANDBOX_CLIENT_SECRET,
    goId: GOPAY_SANDBOX_GOID,
    // in-process, a cold start loads the sandboxes' code on the first call: not GoPay's network
    timeoutMs: 60_000,
    fetch: async (request) => (await sandboxApp()).fetch(request, env, inProcess),
  });
  return gopayGateway(client, 'sandbox');
}
