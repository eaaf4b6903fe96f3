import type { ShipmentDraft } from './schemas/draft';
import type { Quote } from './types/quote';

/** Whether an offer can be chosen: priced and with no error or restriction (spec §4). */
export const isUsableQuote = (q: Quote) => q.errors.length + q.restrictions.length === 0 && q.priceVat !== null;

/** what the visitor can change when no offer is usable, in the order it is shown */
export const ADVICE = ['mixed', 'weight', 'size', 'packages', 'type', 'route', 'services', 'offline', 'later'] as const;
export type Advice = (typeof ADVICE)[number];

const ADVICE_OF_PROBLEM: Record<string, Advice> = {
  WEIGHT_LIMIT_EXCEEDED: 'weight',
  DIMENSIONS_LIMIT_EXCEEDED: 'size',
  GIRTH_LIMIT_EXCEEDED: 'size',
  TOO_MANY_PACKAGES: 'packages',
  PACKAGE_TYPE_NOT_SUPPORTED: 'type',
  ROUTE_NOT_SERVED: 'route',
  COD_NOT_AVAILABLE: 'services',
  COD_LIMIT_EXCEEDED: 'services',
  INSURANCE_LIMIT_EXCEEDED: 'services',
  HDF_NOT_AVAILABLE: 'services',
  CARRIER_UNAVAILABLE: 'later',
  INTERNAL_ERROR: 'later',
  PRICE_UNAVAILABLE: 'later',
  DETAIL_FAILED: 'later',
  // deployed without the carrier's API: waiting will not help, the price is for comparison
  NOT_ORDERABLE_ONLINE: 'offline',
};

/**
 * When the comparison has answered and no offer is usable: what to change, from the
 * reasons the carriers gave (a pallet sent with parcels is named as such: no service
 * carries both). Empty when some offer is usable or none came at all.
 */
export function noUsableQuoteAdvice(quotes: readonly Quote[], draft: Pick<ShipmentDraft, 'content'> | null): Advice[] {
  if (quotes.length === 0 || quotes.some(isUsableQuote)) return [];
  const types = new Set(draft?.content.map((p) => p.type) ?? []);
  const mixedPallet = types.has('pallet') && types.size > 1;
  // how many offers each change would speak to
  const counts = new Map<Advice, number>();
  for (const q of quotes) {
    const own = new Set<Advice>();
    for (const p of [...q.errors, ...q.restrictions]) {
      const advice = ADVICE_OF_PROBLEM[p.code];
      if (advice) own.add(advice === 'type' && mixedPallet ? 'mixed' : advice);
    }
    for (const a of own) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  // what blocks only a few carriers is noise (a 1,000 kg parcel is not helped by another country)
  const enough = Math.max(1, Math.ceil(quotes.length / 3));
  const found = new Set<Advice>([...counts].filter(([, n]) => n >= enough).map(([a]) => a));
  if (mixedPallet) found.add('mixed');
  // "try later" only when nothing the visitor can change explains it; an unknown reason still gets a way on
  if (found.size > 1) found.delete('later');
  if (found.size === 0) found.add(counts.size > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : 'later');
  return ADVICE.filter((a) => found.has(a));
}
