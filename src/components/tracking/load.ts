import { apiCall } from '../../api/server';

/** The tracking answer of GET v1/orders/:id?tracking=1 (src/server/services/tracking/view.ts). */
export type TrackingEvent = { status: string; raw_status: string; time: string; location: string | null; description: string | null };
type Party = { name: string; company: string | null; street: string; city: string; zip: string; country: string; phone: string; email: string | null };
export type TrackingData = {
  tracking_number: string;
  carrier: { code: string; name: string };
  service_name: string;
  status: string;
  status_at: string | null;
  delivered_at: string | null;
  expected_delivery: string | null;
  pickup_date: string | null;
  /** 'handIn': the sender hands the parcel in from pickup_date */
  handover?: 'pickup' | 'handIn';
  from_country: string;
  to_country: string;
  to_parcel_point: boolean;
  courier_position?: { lat: number; lon: number; at: string } | null;
  events: TrackingEvent[];
  /** the history is read from the archive (parcels final for months) */
  archived?: boolean;
  full: boolean;
  shipment_id?: number;
  from?: Party;
  to?: Party;
  parcel_point?: { id: string; name: string; street: string; city: string; zip: string; opening_hours: { day: number; hours: string[] }[] } | null;
  cod?: { value: number; currency: string } | null;
  reference?: string | null;
  order?: { number: string; token: string } | null;
};

/** the API path of a parcel's tracking answer (the page's call, and the one started for it before the render) */
export const trackingApiPath = (id: string, token?: string) => `/v1/orders/${encodeURIComponent(id.trim())}?tracking=1${token ? `&token=${encodeURIComponent(token)}` : ''}` as const;

/** the parcel, or the reason there is none: a message id of the tracking texts (spec §8: the failure is kept and shown) */
export async function loadTracking(id: string, token?: string): Promise<{ data: TrackingData } | { error: string }> {
  const res = await apiCall<TrackingData>('GET', trackingApiPath(id, token));
  if (res.ok) return { data: res.data };
  const code = (res.body as { errors?: { code: string }[] } | null)?.errors?.[0]?.code;
  // archive.records_missing: the parcel's archived history or quote cannot be read back (services/archive/read.ts); said as such, not as a passing outage
  if (code === 'tracking.invalid_number_op' || code === 'tracking.invalid_number' || code === 'tracking.not_found' || code === 'archive.records_missing') return { error: code };
  if (res.status === 400) return { error: 'tracking.invalid_number' };
  return { error: 'tracking.unavailable' };
}
