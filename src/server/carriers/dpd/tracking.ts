import type { TrackingStatusMap } from '../types';

/** DPD scan codes (PROTOCOL.md, tracking). DPD has no scan before pickup or for a cancelled shipment. */
export const dpdTracking: TrackingStatusMap = {
  '15': 'picked_up',
  '05': 'picked_up',
  '01': 'in_transit',
  '02': 'in_transit',
  '09': 'in_transit',
  '10': 'in_transit',
  '12': 'in_transit',
  '03': 'out_for_delivery',
  '23': 'ready_for_pickup',
  '13': 'delivered',
  '14': 'delivery_failed',
  '04': 'on_hold',
  '08': 'on_hold',
  '06': 'return_to_sender',
};
