import type { TrackingData } from '../../tracking/load';

/** What the client section's shipment and order calls answer (src/server/services/client-shipments). */

type Place = { name: string; street: string; zip: string; city: string; country: string };

/** GET v1/shipments/list: spec §3 latest-shipment entries with the table's columns */
export type ShipmentEntry = {
  id: number;
  order: string;
  order_number: string;
  tracking_number: string;
  status: string;
  carrier: string;
  carrier_name: string;
  from: Place;
  to: Place;
  created_at: string;
  has_label: boolean;
};
/** `total` is at least that many when `total_exact` is false (a filtered list counts up to FILTERED_TOTAL_MAX) */
export type ShipmentListMeta = { total: number; total_exact: boolean; limit: number; offset: number; next: string | null; carriers: { code: string; name: string }[] };

/** GET v1/shipments/:id: the owner's full tracking view with the order and the label links */
export type ShipmentDetailData = TrackingData & {
  id: number;
  created_at: string;
  cancelled_at: string | null;
  carrier_ref: string | null;
  /** the carrier's number of each package, when it numbers them */
  carrier_parcel_numbers: string[];
  packages: number | null;
  order: { number: string; token: string; status: string };
  label_urls: { a6: string; a4: string } | null;
};

/** GET v1/orders */
export type OrderShipmentSummary = {
  id: number | null;
  tracking_number: string | null;
  status: string | null;
  carrier: string;
  carrier_name: string;
  from: { city: string; country: string };
  to: { city: string; country: string; name: string };
};
export type OrderSummary = {
  token: string;
  number: string;
  status: 'unpaid' | 'paid' | 'processing' | 'completed' | 'cancelled' | 'refunded';
  created_at: string;
  paid_at: string | null;
  currency: string;
  total: number;
  total_vat: number;
  payment_method: string;
  shipment_count: number;
  route: { from: { city: string; country: string }; to: { city: string; country: string } } | null;
  carriers: string[];
  shipments: OrderShipmentSummary[];
};
export type OrdersMeta = { total: number; limit: number; offset: number; next: string | null; view_mode: string };
