import type { TrackingStatusMap } from '../types';

/** FedEx Track API scan event types (scanEvents[].eventType; PROTOCOL.md); a type not here is kept raw and shown as other. */
export const fedexTracking: TrackingStatusMap = {
  OC: 'pending',
  PU: 'picked_up',
  PX: 'picked_up',
  AR: 'in_transit',
  AF: 'in_transit',
  DP: 'in_transit',
  IT: 'in_transit',
  OF: 'in_transit',
  FD: 'in_transit',
  LO: 'in_transit',
  CC: 'in_transit',
  OD: 'out_for_delivery',
  HL: 'ready_for_pickup',
  HP: 'ready_for_pickup',
  DL: 'delivered',
  DE: 'delivery_failed',
  SE: 'on_hold',
  CD: 'on_hold',
  RS: 'return_to_sender',
  CA: 'cancelled',
};
