import { and, desc, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import { carrierDisplayName } from '../carriers/names';
import { replicaDatabase } from '../db/replica';
import { orderItems, orders, shipments } from '../db/schema';

/** how many sales the list shows */
export const RECENT_SALES_LIMIT = 10;

/** upper bounds (kg) of the weight bands a sale is shown in; heavier is "over the last one" */
export const WEIGHT_BAND_LIMITS = [1, 2, 5, 10, 20, 31.5, 50] as const;

export type WeightBand = { min: number; max: number | null };
export type Place = { country: string; city: string };

/**
 * One paid shipment as anyone may see it (spec §7 v2/recent-sales): which carrier, between
 * which towns, how heavy roughly, and when it was paid. Built field by field from the stored
 * shipment, so nothing that names a person (names, streets, e-mails, phones, numbers of the
 * order or the parcel) nor what one customer paid can slip into it.
 */
export type RecentSale = {
  carrier: string;
  carrier_name: string;
  from: Place;
  to: Place;
  weight_band: WeightBand;
  packages: number;
  paid_at: string;
};

/** the band of a total weight: 0.4 → 0–1 kg, 3 → 2–5 kg, 70 → over 50 kg */
export function weightBand(kg: number): WeightBand {
  let min = 0;
  for (const max of WEIGHT_BAND_LIMITS) {
    if (kg <= max) return { min, max };
    min = max;
  }
  return { min, max: null };
}

type StoredShipment = { from?: { city?: unknown; country?: unknown }; to?: { city?: unknown; country?: unknown }; packages?: { weight?: unknown }[] };

const placeOf = (side: StoredShipment['from']): Place => ({
  country: typeof side?.country === 'string' ? side.country.toLowerCase() : '',
  city: typeof side?.city === 'string' ? side.city.trim() : '',
});

/** the public view of one stored shipment payload (the order item's §7 JSON) */
export function saleOf(row: { carrier: string; shipment: string; paidAt: string }): RecentSale {
  const stored = JSON.parse(row.shipment) as StoredShipment;
  const packages = Array.isArray(stored.packages) ? stored.packages : [];
  const weight = packages.reduce((sum, p) => sum + (typeof p.weight === 'number' && Number.isFinite(p.weight) ? p.weight : 0), 0);
  return {
    carrier: row.carrier,
    carrier_name: carrierDisplayName(row.carrier),
    from: placeOf(stored.from),
    to: placeOf(stored.to),
    weight_band: weightBand(weight),
    packages: Math.max(packages.length, 1),
    paid_at: row.paidAt,
  };
}

/**
 * The latest paid shipments of all customers, newest first. The booking order (shipment id)
 * picks the candidates along the primary key; they are then ordered by the payment time,
 * which is what the list tells.
 */
export async function recentSales(d1: D1Database, limit = RECENT_SALES_LIMIT): Promise<RecentSale[]> {
  const rows = await replicaDatabase(d1)
    .select({ id: shipments.id, carrier: shipments.carrier, shipment: orderItems.shipment, paidAt: orders.paidAt })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
    .where(and(ne(shipments.status, 'cancelled'), isNotNull(orders.paidAt), notInArray(orders.status, ['unpaid', 'cancelled', 'refunded'])))
    .orderBy(desc(shipments.id))
    .limit(limit);
  return rows
    .map((row) => ({ id: row.id, sale: saleOf({ carrier: row.carrier, shipment: row.shipment, paidAt: row.paidAt! }) }))
    .sort((a, b) => b.sale.paid_at.localeCompare(a.sale.paid_at) || b.id - a.id)
    .map((r) => r.sale);
}
