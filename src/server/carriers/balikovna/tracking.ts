import type { TrackingStatusMap } from '../types';

/** Česká pošta parcel events. */
export const balikovnaTracking: TrackingStatusMap = {
  ELEKTRONICKE_PODANI: 'pending',
  PODANI: 'picked_up',
  PREPRAVA: 'in_transit',
  DORUCOVANI: 'out_for_delivery',
  ULOZENI: 'ready_for_pickup',
  DODANI: 'delivered',
  NEDORUCENO: 'delivery_failed',
  ZADRZENO: 'on_hold',
  VRACENI: 'return_to_sender',
  STORNO: 'cancelled',
};
