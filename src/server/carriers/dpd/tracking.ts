import type { TrackingStatusMap } from '../types';

/** DPD parcel status names. */
export const dpdTracking: TrackingStatusMap = {
  PRE_ADVICE: 'pending',
  PICKED_UP: 'picked_up',
  AT_DEPOT: 'in_transit',
  IN_TRANSIT: 'in_transit',
  OUT_FOR_DELIVERY: 'out_for_delivery',
  AT_PICKUP_POINT: 'ready_for_pickup',
  DELIVERED: 'delivered',
  NOT_DELIVERED: 'delivery_failed',
  ON_HOLD: 'on_hold',
  RETURNED: 'return_to_sender',
  CANCELLED: 'cancelled',
};
