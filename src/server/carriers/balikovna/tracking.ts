import type { TrackingStatusMap } from '../types';

/** Česká pošta's parcel event ids (parcelStatus `id`; PROTOCOL.md, Tracking). */
export const balikovnaTracking: TrackingStatusMap = {
  '-M': 'pending',
  '-L': 'pending',
  '21': 'picked_up',
  '-F': 'in_transit',
  '-I': 'in_transit',
  '-B': 'in_transit',
  '-K': 'in_transit',
  '5K': 'in_transit',
  '51': 'in_transit',
  '53': 'out_for_delivery',
  'P2': 'ready_for_pickup',
  '82': 'ready_for_pickup',
  '91': 'delivered',
};
