import type { CarrierCode, Territory } from '../../lib/types/quote';
import { isLocalDev, type OriginBindings } from '../env';
import type { CarrierTransport } from './booking';
import { dpdTransportFor } from './dpd/config';
import { fedexTransportFor } from './fedex/config';
import type { CarrierAdapter } from './types';
import { withCallLog } from './call-log';
import { insertCarrierCall } from '../db/repositories/carrier-calls';
import { pplTransportFor } from './ppl/config';
import { balikovnaTransportFor } from './balikovna/config';
import { upsTransportFor } from './ups/config';
import { toptransTransportFor } from './toptrans/config';
import { wedoTransportFor } from './wedo/config';
import { glsTransportFor } from './gls/config';
import { liftagoTransportFor } from './liftago/config';

/**
 * Whether a carrier can be booked for real in this environment. A carrier with its own API
 * client (CARRIER_CLIENTS) books through it: with its credentials at the carrier, otherwise with
 * the local-development flag at the carrier's sandbox; the other carriers book locally through
 * their rate-sheet sandbox (the adapter's own transport). Deployed, a
 * carrier is bookable only when its API client exists (CARRIER_CLIENTS) and its secrets are
 * set; otherwise its quotes still show but say it cannot be ordered online yet, checkout
 * refuses it, and nothing is booked, cancelled, tracked or collected in pretence.
 */

/** the `wrangler secret`s each carrier's client needs (README, Configuration) */
export const CARRIER_SECRETS: Record<CarrierCode, readonly (keyof OriginBindings)[]> = {
  balikovna: ['CPOST_API_TOKEN', 'CPOST_SECRET_KEY', 'CPOST_CUSTOMER_ID', 'CPOST_POST_CODE'],
  dpd: ['DPD_CZ_API_TOKEN', 'DPD_CZ_CUSTOMER_ID', 'DPD_CZ_SENDER_ADDRESS_ID', 'DPD_SK_API_KEY', 'DPD_SK_EMAIL', 'DPD_SK_DELIS_ID', 'DPD_SK_ADDRESS_ID'],
  fedex: ['FEDEX_CLIENT_ID', 'FEDEX_CLIENT_SECRET', 'FEDEX_ACCOUNT_NUMBER'],
  gls: ['GLS_CZ_USERNAME', 'GLS_CZ_PASSWORD', 'GLS_CZ_CLIENT_NUMBER', 'GLS_SK_USERNAME', 'GLS_SK_PASSWORD', 'GLS_SK_CLIENT_NUMBER'],
  ppl: ['PPL_CLIENT_ID', 'PPL_CLIENT_SECRET'],
  toptrans: ['TOPTRANS_USERNAME', 'TOPTRANS_PASSWORD'],
  ups: ['UPS_CLIENT_ID', 'UPS_CLIENT_SECRET', 'UPS_ACCOUNT_NUMBER'],
  wedo: ['WEDO_API_USER', 'WEDO_API_KEY'],
  liftago: ['LIFTAGO_API_TOKEN', 'LIFTAGO_PARTNER_ID'],
};

/** carriers booked with a separate account (and API) per territory: the secrets each territory needs (instead of all of CARRIER_SECRETS) */
export const TERRITORY_SECRETS: Partial<Record<CarrierCode, Record<Territory, readonly (keyof OriginBindings)[]>>> = {
  dpd: { cz: ['DPD_CZ_API_TOKEN', 'DPD_CZ_CUSTOMER_ID', 'DPD_CZ_SENDER_ADDRESS_ID'], sk: ['DPD_SK_API_KEY', 'DPD_SK_EMAIL', 'DPD_SK_DELIS_ID', 'DPD_SK_ADDRESS_ID'] },
  gls: { cz: ['GLS_CZ_USERNAME', 'GLS_CZ_PASSWORD', 'GLS_CZ_CLIENT_NUMBER'], sk: ['GLS_SK_USERNAME', 'GLS_SK_PASSWORD', 'GLS_SK_CLIENT_NUMBER'] },
};

/** a carrier's real API client, built from the environment (base URL, credentials; its own sandbox locally), or null when it has neither */
export type CarrierClient = (env: OriginBindings) => CarrierTransport | null;

/** the carriers whose own API client exists: a client switches its carrier on here */
export const CARRIER_CLIENTS: Partial<Record<CarrierCode, CarrierClient>> = { ups: upsTransportFor, ppl: pplTransportFor, dpd: dpdTransportFor, balikovna: balikovnaTransportFor, toptrans: toptransTransportFor, wedo: wedoTransportFor, fedex: fedexTransportFor, gls: glsTransportFor, liftago: liftagoTransportFor };

/** carriers whose API orders no pickups at all: they collect on the regular pickup of their contract (GLS: MyGLS has no pickup order) or with each order (TOPTRANS: an order is its own collection) */
export const NO_PICKUP_API: ReadonlySet<CarrierCode> = new Set<CarrierCode>(['gls', 'toptrans']);

/** carriers whose API orders one-time pickups only (regular ones are agreed with the carrier) */
export const ONE_TIME_PICKUPS_ONLY: ReadonlySet<CarrierCode> = new Set<CarrierCode>(['ups', 'ppl', 'dpd', 'wedo', 'fedex']);

/**
 * Whether a carrier (by code) can be ordered online here; for a carrier with an account per
 * territory, in that territory (the site that sells it; without one: in any territory).
 */
export function carrierOrderable(env: OriginBindings, code: string, territory?: Territory): boolean {
  return isLocalDev(env) || credentialsSet(env, code, territory);
}

/** whether the carrier's client exists and the operator's secrets for it are set (for `territory`, or any) */
function credentialsSet(env: OriginBindings, code: string, territory?: Territory): boolean {
  if (!Object.hasOwn(CARRIER_SECRETS, code)) return false;
  const known = code as CarrierCode;
  if (CARRIER_CLIENTS[known] === undefined) return false;
  const set = (names: readonly (keyof OriginBindings)[]) => names.every((name) => Boolean(env[name]));
  const perTerritory = TERRITORY_SECRETS[known];
  if (perTerritory) return territory ? set(perTerritory[territory]) : Object.values(perTerritory).some(set);
  return set(CARRIER_SECRETS[known]);
}

/** how a carrier is booked here: at the carrier with its credentials, at its sandbox (local development), or not at all */
export type CarrierMode = 'live' | 'sandbox' | 'not_configured';
export const carrierMode = (env: OriginBindings, code: CarrierCode): CarrierMode =>
  credentialsSet(env, code) ? 'live' : isLocalDev(env) ? 'sandbox' : 'not_configured';

/** the transport that books with the carrier here (its sandbox locally), or null when it cannot be booked; every call is written to the call log */
export function carrierTransport(env: OriginBindings, carrier: CarrierAdapter): CarrierTransport | null {
  const client = CARRIER_CLIENTS[carrier.code];
  const transport = client && carrierOrderable(env, carrier.code) ? client(env) : null;
  return transport && withCallLog(transport, carrier.code, (call) => insertCarrierCall(env.DB, call));
}

/** the quote services' check (QuoteServiceOptions.orderable) for a request's environment */
export const orderableIn = (env: OriginBindings) => (code: string, territory?: Territory) => carrierOrderable(env, code, territory);
