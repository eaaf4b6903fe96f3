import { codShown, type CartTotals, type Discount } from '../../lib/configurator-rules';
import { formatDay, formatMoney, formatNumber, NBSP } from '../../lib/format';
import { roundMoney } from '../../lib/money';
import { draftToQuoteRequest } from '../../lib/quote-request';
import type { PackageForm } from '../../lib/schemas/package';
import type { ShipmentDraft } from '../../lib/schemas/draft';
import type { Money, ParcelPoint, PackageType, Quote } from '../../lib/types/quote';
import { displayZip, parseDecimal } from '../../lib/validators';
import type { CartItem } from '../../state/persisted-state';
import { serviceNameBeside } from '../../lib/quote-rules';

/** What the cart page shows of an item, as pure functions of the stored item. */

const countryNames = new Map<string, Intl.DisplayNames>();
/** the names already looked up (an ICU look-up per call cost a tracking page about 0.3 ms), by locale and code */
const countryTexts = new Map<string, string>();
const COUNTRY_TEXTS_MAX = 2_000;

/** 'cz' → 'Česko' (cs) or 'Czechia' (en); the code itself when the runtime does not know it. */
export function countryName(code: string, locale: string): string {
  const key = `${locale}\u0000${code}`;
  const known = countryTexts.get(key);
  if (known !== undefined) return known;
  let names = countryNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    countryNames.set(locale, names);
  }
  let text: string;
  try {
    text = names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    text = code.toUpperCase();
  }
  if (countryTexts.size >= COUNTRY_TEXTS_MAX) countryTexts.clear();
  countryTexts.set(key, text);
  return text;
}

/** '1 234,50 Kč', or a dash for a quote without a price. */
export const moneyText = (value: Money | null, locale: string) => (value ? formatMoney(value.value, value.currency, locale) : '—');

/** 'Praha, Česko'; the country alone when the city is empty. */
export const placeLabel = (address: Pick<ShipmentDraft['sender'], 'city' | 'country'>, locale: string) =>
  [address.city.trim(), countryName(address.country, locale)].filter(Boolean).join(', ');

/** Package counts by type, in the order the types first appear. */
export function packageGroups(content: readonly PackageForm[]): { type: PackageType; count: number }[] {
  const counts = new Map<PackageType, number>();
  for (const pkg of content) counts.set(pkg.type, (counts.get(pkg.type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

/** '30 × 20 × 20 cm' of a single fully measured package; null otherwise (a list would not fit one line). */
export function singlePackageDimensions(content: readonly PackageForm[], locale: string): string | null {
  if (content.length !== 1) return null;
  const sides = [content[0].length, content[0].width, content[0].height].map((side) => parseDecimal(side));
  if (sides.some((side) => side === null)) return null;
  return `${sides.map((side) => formatNumber(side!, locale)).join(`${NBSP}×${NBSP}`)}${NBSP}cm`;
}

/** 'Vinohradská 12, 120 00 Praha' (CZ/SK postcodes shown 3 + 2, as on every screen) */
export const parcelPointAddress = (point: Pick<ParcelPoint, 'street' | 'zip' | 'city' | 'country'>) =>
  [point.street.trim(), [displayZip(point.zip, point.country), point.city.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * The service name unless the carrier name already carries it (spec §3 appends it for
 * some carriers: 'Balíkovna Do ruky').
 */
export const serviceLabel = (quote: Pick<Quote, 'serviceName' | 'carrier'>): string | null => serviceNameBeside(quote.carrier.name, quote.serviceName);

/**
 * The day the shipment leaves: the date the user chose (with its time window), else the
 * earliest pickup date of the quote. Null when neither is known.
 */
export function pickupLabel(shipment: Pick<ShipmentDraft, 'pickupDate' | 'fromTime' | 'toTime'>, quote: Pick<Quote, 'timeInTransit'>, locale = 'cs'): string | null {
  const date = shipment.pickupDate || quote.timeInTransit.pickupDate;
  if (!date) return null;
  const window = shipment.pickupDate && shipment.fromTime && shipment.toTime ? ` ${shipment.fromTime}–${shipment.toTime}` : '';
  return `${formatDay(date, locale)}${window}`;
}

/** Cash on delivery and insurance with their amounts ('1 500 Kč'); services without an amount are left out. */
export function serviceAmounts(shipment: Pick<ShipmentDraft, 'services' | 'currency'>, quote: Pick<Quote, 'priceVat' | 'codAmount'>, locale: string): { code: 'cod' | 'ins'; amount: string }[] {
  return (['cod', 'ins'] as const).flatMap((code): { code: 'cod' | 'ins'; amount: string }[] => {
    const service = shipment.services[code];
    const value = parseDecimal(service.data.value);
    if (!service.active || value === null) return [];
    const currency = service.data.currency || shipment.currency;
    if (code === 'cod') {
      // the amount to collect as the server priced it (the shipping added when the sender chose it)
      const shown = codShown({ value, currency, includeShipmentCosts: shipment.services.cod.data.includeShipmentCosts }, quote);
      return [{ code, amount: formatMoney(shown.value, shown.currency, locale) }];
    }
    return [{ code, amount: formatMoney(value, currency, locale) }];
  });
}

/**
 * The discount row: what it takes off the VAT total ('-33,92 Kč') and, for a percent
 * discount, the rate ('10 %'). Null without a discount.
 */
export function discountRow(discount: Discount | null, totals: CartTotals, locale: string): { amount: string; percent: string | null } | null {
  if (!discount?.amount && !discount?.percent) return null;
  if (!totals.priceVat || !totals.discountedPriceVat) return null;
  const { currency } = totals.priceVat;
  return {
    amount: formatMoney(-roundMoney(totals.priceVat.value - totals.discountedPriceVat.value), currency, locale),
    // the amount wins over the percent, as in applyDiscount
    percent: discount.amount ? null : `${formatNumber(discount.percent!, locale)}${NBSP}%`,
  };
}

/** Spec §7 quote/detail payload for the item's service, addresses and parcel points. */
export function quoteDetailRequest(item: CartItem) {
  return {
    ...draftToQuoteRequest(item.shipment, {
      complete: true,
      serviceId: item.quote.serviceId,
      collectionPoint: item.collectionPoint,
      deliveryPoint: item.deliveryPoint,
    }),
    service_group_id: item.quote.serviceId,
    type: item.quote.type,
  };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Re-fetches every item's quote at once (spec §4) and hands each answer to `apply`, which
 * keeps the old quote unless the new one is usable. A failure is logged and changes nothing;
 * a cancelled request is not a failure.
 */
export async function refreshCartQuotes(
  items: readonly CartItem[],
  fetchDetail: (body: ReturnType<typeof quoteDetailRequest>) => Promise<Quote>,
  apply: (cartId: string, quote: Quote) => void,
): Promise<void> {
  await Promise.all(
    items.map(async (item) => {
      try {
        apply(item.cartId, await fetchDetail(quoteDetailRequest(item)));
      } catch (error) {
        if (!isAbort(error)) console.log('Unable to refresh quote', error);
      }
    }),
  );
}
