import type { TrackingStatusMap } from '../types';

/** Liftago delivery states. */
export const liftagoTracking: TrackingStatusMap = {
  SCHEDULED: 'pending',
  PICKED_UP: 'picked_up',
  IN_RIDE: 'out_for_delivery',
  DELIVERED: 'delivered',
  FAILED: 'delivery_failed',
  RETURNING: 'return_to_sender',
  CANCELLED: 'cancelled',
};
