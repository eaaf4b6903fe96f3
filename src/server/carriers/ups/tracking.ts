import type { TrackingStatusMap } from '../types';

/** UPS activity status types. */
export const upsTracking: TrackingStatusMap = {
  M: 'pending',
  P: 'picked_up',
  I: 'in_transit',
  O: 'out_for_delivery',
  AP: 'ready_for_pickup',
  D: 'delivered',
  X: 'delivery_failed',
  H: 'on_hold',
  RS: 'return_to_sender',
  MV: 'cancelled',
};
