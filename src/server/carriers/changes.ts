import type { TrackingStatus } from './types';

/**
 * What a carrier still accepts to change on a parcel at its current status (issue 11): the
 * carriers' own rules, as their APIs answer them. Nothing changes once the parcel is out for
 * delivery, delivered, returning or cancelled; cash on delivery only before pickup; the
 * delivery address not for a parcel going to a pickup point (the point is changed instead, at
 * the carrier); a same-day courier (Liftago) only takes a new phone or e-mail before it rides.
 */
export type ChangeKind = 'address' | 'contact' | 'cod' | 'date';
export type ChangeRules = Record<ChangeKind, boolean>;

const OPEN: readonly TrackingStatus[] = ['pending', 'picked_up', 'in_transit', 'on_hold', 'delivery_failed'];

export function allowedChanges(carrier: string, status: TrackingStatus, shipment: { toParcelPoint: boolean; hasCod: boolean }): ChangeRules {
  const open = OPEN.includes(status);
  if (carrier === 'liftago') return { address: false, contact: status === 'pending', cod: false, date: false };
  return {
    address: open && !shipment.toParcelPoint,
    contact: open,
    cod: status === 'pending' && shipment.hasCod,
    date: open,
  };
}
