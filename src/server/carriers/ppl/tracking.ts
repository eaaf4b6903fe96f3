import type { TrackingStatusMap } from '../types';

/** PPL shipment phases. */
export const pplTracking: TrackingStatusMap = {
  ORDER: 'pending',
  PICKEDUP: 'picked_up',
  INTRANSPORT: 'in_transit',
  DELIVERING: 'out_for_delivery',
  PICKUPPOINT: 'ready_for_pickup',
  DELIVERED: 'delivered',
  UNDELIVERED: 'delivery_failed',
  HOLD: 'on_hold',
  RETURNING: 'return_to_sender',
  CANCELED: 'cancelled',
};
