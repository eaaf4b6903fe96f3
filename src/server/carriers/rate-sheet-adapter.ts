import { quoteCarrier } from './pricing/engine';
import type { CarrierAdapter, CarrierSheet, TrackingStatusMap } from './types';

/** A carrier priced from its rate sheet (no rating API): the quote is the pure engine's answer; it books through its API client (CARRIER_CLIENTS). */
export function rateSheetAdapter(sheet: CarrierSheet, tracking: TrackingStatusMap): CarrierAdapter {
  return {
    code: sheet.carrier,
    sheet,
    tracking,
    quote: async (shipment, context, options) => quoteCarrier(sheet, shipment, context, options?.serviceId),
    trackingStatus: (raw) => tracking[raw.trim().toUpperCase()] ?? 'unknown',
  };
}
