import type { TrackingStatusMap } from '../types';

/** Liftago's ride states (PROTOCOL.md); ON_BOARD is the pickup and the way to the recipient at once */
export const liftagoTracking: TrackingStatusMap = {
  PROCESSING: 'pending',
  ACCEPTED: 'pending',
  WAITING: 'pending',
  ON_BOARD: 'out_for_delivery',
  COMPLETED: 'delivered',
  REJECTED: 'delivery_failed',
  CANCELLED: 'cancelled',
};
