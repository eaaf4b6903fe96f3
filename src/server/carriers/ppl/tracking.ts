import type { TrackingStatusMap } from '../types';

/**
 * PPL's shipment phases (the `phase` of each tracking event, codelist/shipmentPhase), upper
 * case as the adapter looks them up. PPL has no phase of its own for the pickup scan or a
 * failed attempt: those events are in InTransport and Delivering (PROTOCOL.md).
 */
export const pplTracking: TrackingStatusMap = {
  ORDER: 'pending',
  INTRANSPORT: 'in_transit',
  DELIVERING: 'out_for_delivery',
  PICKUPPOINT: 'ready_for_pickup',
  DELIVERED: 'delivered',
  CODPAYED: 'delivered',
  RETURNING: 'return_to_sender',
  BACKTOSENDER: 'return_to_sender',
  CANCELED: 'cancelled',
};
