import { sandboxTransport, type CarrierTransport } from './booking';
import { quoteCarrier } from './pricing/engine';
import type { CarrierAdapter, CarrierSheet, TrackingStatusMap } from './types';

/** A carrier priced from its rate sheet (no rating API): the quote is the pure engine's answer. */
export function rateSheetAdapter(sheet: CarrierSheet, tracking: TrackingStatusMap, transport: CarrierTransport = sandboxTransport(sheet, tracking)): CarrierAdapter {
  return {
    transport,
    code: sheet.carrier,
    sheet,
    tracking,
    quote: async (shipment, context, options) => quoteCarrier(sheet, shipment, context, options?.serviceId),
    trackingStatus: (raw) => tracking[raw.trim().toUpperCase()] ?? 'unknown',
  };
}
