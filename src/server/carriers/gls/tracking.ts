import type { TrackingStatusMap } from '../types';

/** GLS parcel status codes. */
export const glsTracking: TrackingStatusMap = {
  PREADVICE: 'pending',
  INPICKUP: 'picked_up',
  INTRANSIT: 'in_transit',
  INWAREHOUSE: 'in_transit',
  INDELIVERY: 'out_for_delivery',
  DELIVEREDPS: 'ready_for_pickup',
  DELIVERED: 'delivered',
  NOTDELIVERED: 'delivery_failed',
  STORED: 'on_hold',
  RETURNED: 'return_to_sender',
  CANCELED: 'cancelled',
};
