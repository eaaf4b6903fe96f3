import type { TrackingStatusMap } from '../types';

/** TOPTRANS order states (order/search's state and history; PROTOCOL.md: no public source lists them, the sandbox speaks these). */
export const toptransTracking: TrackingStatusMap = {
  NEW: 'pending',
  LOADED: 'picked_up',
  TRANSIT: 'in_transit',
  DEPOT: 'in_transit',
  DELIVERY: 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'delivery_failed',
  STORED: 'on_hold',
  RETURN: 'return_to_sender',
  STORNO: 'cancelled',
};
