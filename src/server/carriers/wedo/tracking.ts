import type { TrackingStatusMap } from '../types';

/** One by Allegro (WE|DO) package states, `last_state.code` (PROTOCOL.md: only DELIVERED is confirmed; the others are the sandbox's). */
export const wedoTracking: TrackingStatusMap = {
  CREATED: 'pending',
  COLLECTED: 'picked_up',
  IN_TRANSPORT: 'in_transit',
  ON_ROUTE: 'out_for_delivery',
  READY_IN_BOX: 'ready_for_pickup',
  DELIVERED: 'delivered',
  FAILED: 'delivery_failed',
  WAITING: 'on_hold',
  RETURNING: 'return_to_sender',
  CANCELLED: 'cancelled',
};
