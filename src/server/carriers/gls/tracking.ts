import type { TrackingStatusMap } from '../types';

/**
 * MyGLS parcel status codes (GetParcelStatuses' StatusCode; PROTOCOL.md, tracking). GLS has no
 * status for a deleted label: a cancelled parcel just stops at 51.
 */
export const glsTracking: TrackingStatusMap = {
  '51': 'pending',
  '52': 'pending',
  '1': 'picked_up',
  '2': 'in_transit',
  '3': 'in_transit',
  '26': 'in_transit',
  '53': 'in_transit',
  '4': 'out_for_delivery',
  '32': 'out_for_delivery',
  '55': 'ready_for_pickup',
  '56': 'ready_for_pickup',
  '5': 'delivered',
  '8': 'delivered',
  '58': 'delivered',
  '11': 'delivery_failed',
  '12': 'delivery_failed',
  '14': 'delivery_failed',
  '15': 'delivery_failed',
  '16': 'delivery_failed',
  '17': 'delivery_failed',
  '18': 'delivery_failed',
  '19': 'delivery_failed',
  '20': 'delivery_failed',
  '6': 'on_hold',
  '7': 'on_hold',
  '23': 'return_to_sender',
  '57': 'return_to_sender',
};
