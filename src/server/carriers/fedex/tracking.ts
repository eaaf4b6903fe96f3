import type { TrackingStatusMap } from '../types';

/** FedEx scan event codes. */
export const fedexTracking: TrackingStatusMap = {
  OC: 'pending',
  PU: 'picked_up',
  IT: 'in_transit',
  AR: 'in_transit',
  DP: 'in_transit',
  OD: 'out_for_delivery',
  HL: 'ready_for_pickup',
  DL: 'delivered',
  DE: 'delivery_failed',
  SE: 'on_hold',
  RS: 'return_to_sender',
  CA: 'cancelled',
};
