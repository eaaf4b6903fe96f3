import type { Territory } from '../../lib/types/quote';
import { balikovna } from './balikovna';
import { dpd } from './dpd';
import { fedex } from './fedex';
import { gls } from './gls';
import { liftago } from './liftago';
import { normalizeCarrierCode } from './names';
import { ppl } from './ppl';
import { toptrans } from './toptrans';
import type { CarrierAdapter } from './types';
import { ups } from './ups';
import { wedo } from './wedo';

/** Every carrier that quotes, in display order. */
export const CARRIERS: readonly CarrierAdapter[] = [balikovna, dpd, fedex, gls, ppl, toptrans, ups, wedo, liftago];

/** Carriers offered in a territory (spec §9: SK offers all but PPL). */
export const carriersFor = (territory: Territory, carriers: readonly CarrierAdapter[] = CARRIERS) =>
  carriers.filter((carrier) => carrier.sheet.territories.includes(territory));

/** The carrier of a code in any spelling (`DPD_SK`, `We|Do`), or undefined. */
export const carrierByCode = (code: string, carriers: readonly CarrierAdapter[] = CARRIERS) => {
  const normalized = normalizeCarrierCode(code);
  return carriers.find((carrier) => carrier.code === normalized);
};

/** The carrier offering a service id (`dpd-classic`), or undefined. */
export const carrierByServiceId = (serviceId: string, carriers: readonly CarrierAdapter[] = CARRIERS) =>
  carriers.find((carrier) => carrier.sheet.services.some((service) => `${carrier.code}-${service.code}` === serviceId));
