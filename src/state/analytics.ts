import { DEFAULT_PACKAGE } from '../lib/quote-defaults';
import { roundMoney } from '../lib/money';
import type { ShipmentDraft } from '../lib/schemas/draft';
import type { Quote } from '../lib/types/quote';
import { parseDecimal } from '../lib/validators';

/**
 * E-commerce events for the tag manager's data layer (spec §3 tracking events). The
 * builders are pure; `pushAnalytics` is the only part that touches `window`.
 */

export type EcommerceProduct = {
  /** carrier code and total weight, e.g. 'dpd-2.5' */
  sku: string;
  name: string;
  brand: string;
  /** sender and recipient countries, e.g. 'CZ-SK' */
  variant: string;
  price: number;
  quantity: 1;
};

type Shipment = Pick<ShipmentDraft, 'sender' | 'recipient' | 'content'>;
type ProductQuote = Pick<Quote, 'carrier' | 'serviceName' | 'price' | 'priceVat'>;

/** Sum of package weights in kg; an empty weight counts as the default 0.5 kg (spec §5). */
export function totalWeight(content: Shipment['content']): number {
  return roundMoney(content.reduce((sum, pkg) => sum + (parseDecimal(pkg.weight) ?? DEFAULT_PACKAGE.weight), 0));
}

export function ecommerceProduct(shipment: Shipment, quote: ProductQuote): EcommerceProduct {
  return {
    sku: `${quote.carrier.code}-${totalWeight(shipment.content)}`,
    name: quote.serviceName,
    brand: quote.carrier.name,
    variant: `${shipment.sender.country.toUpperCase()}-${shipment.recipient.country.toUpperCase()}`,
    price: (quote.priceVat ?? quote.price)?.value ?? 0,
    quantity: 1,
  };
}

const currencyOf = (quotes: readonly ProductQuote[]) =>
  quotes.map((quote) => (quote.priceVat ?? quote.price)?.currency).find(Boolean) ?? null;

export type AnalyticsEvent =
  | { event: 'search'; ecommerce: { currencyCode: string | null; impressions: (EcommerceProduct & { list: 'search'; position: number })[] } }
  | { event: 'productDetail'; ecommerce: { currencyCode: string | null; detail: { products: EcommerceProduct[] } } }
  | { event: 'addToCart'; ecommerce: { currencyCode: string | null; add: { products: EcommerceProduct[] } } }
  | { event: 'removeFromCart'; ecommerce: { currencyCode: string | null; remove: { products: EcommerceProduct[] } } }
  | { event: 'checkout'; ecommerce: { currencyCode: string | null; checkout: { actionField: { step: number }; products: EcommerceProduct[] } } }
  | { event: 'purchase'; ecommerce: { currencyCode: string | null; purchase: { actionField: { id: string; revenue: number }; products: EcommerceProduct[] } } }
  | { event: 'pageLoad'; path: string; language: string; referrer: string }
  | { event: 'navigation'; path: string; from: string }
  | { event: 'lead'; form: 'contact'; topic: string }
  | { event: 'submitBusinessApplication'; form: 'offer'; monthlyParcels: string }
  | { event: 'orderFirst'; orderId: string }
  | { event: 'completeRegistration'; segment: 'A' | 'B' }
  | { event: 'completeLogin'; method: SignInMethod }
  | { event: 'logout' }
  | { event: 'go-to-shipment-manager' }
  | { event: 'close-new-client-section-alert' };

/** how a user signed in (spec §6 sign-in methods) */
export type SignInMethod = 'password' | 'link' | 'token' | 'google' | 'facebook';

/** The quote list shown for a search. */
export function searchEvent(shipment: Shipment, quotes: readonly ProductQuote[]): AnalyticsEvent {
  return {
    event: 'search',
    ecommerce: {
      currencyCode: currencyOf(quotes),
      impressions: quotes.map((quote, index) => ({ ...ecommerceProduct(shipment, quote), list: 'search', position: index + 1 })),
    },
  };
}

export function productDetailEvent(shipment: Shipment, quote: ProductQuote): AnalyticsEvent {
  return { event: 'productDetail', ecommerce: { currencyCode: currencyOf([quote]), detail: { products: [ecommerceProduct(shipment, quote)] } } };
}

export function addToCartEvent(shipment: Shipment, quote: ProductQuote): AnalyticsEvent {
  return { event: 'addToCart', ecommerce: { currencyCode: currencyOf([quote]), add: { products: [ecommerceProduct(shipment, quote)] } } };
}

export function removeFromCartEvent(shipment: Shipment, quote: ProductQuote): AnalyticsEvent {
  return { event: 'removeFromCart', ecommerce: { currencyCode: currencyOf([quote]), remove: { products: [ecommerceProduct(shipment, quote)] } } };
}

/** `step` is the checkout step number (1 cart, 2 payment…), as the tag manager is configured. */
export function checkoutEvent(items: readonly { shipment: Shipment; quote: ProductQuote }[], step: number): AnalyticsEvent {
  return {
    event: 'checkout',
    ecommerce: {
      currencyCode: currencyOf(items.map((item) => item.quote)),
      checkout: { actionField: { step }, products: items.map((item) => ecommerceProduct(item.shipment, item.quote)) },
    },
  };
}

/** An order was taken (spec §3 e-commerce export); `orderFirst` follows for a browser's first order. */
export function purchaseEvent(items: readonly { shipment: Shipment; quote: ProductQuote }[], order: { id: string; revenue: number; currency: string }): AnalyticsEvent {
  return {
    event: 'purchase',
    ecommerce: { currencyCode: order.currency, purchase: { actionField: { id: order.id, revenue: order.revenue }, products: items.map((item) => ecommerceProduct(item.shipment, item.quote)) } },
  };
}

/** The app started: a full page load (path with its query, the page language, where the visitor came from). */
export function pageLoadEvent(location: { pathname: string; search: string }, language: string, referrer: string): AnalyticsEvent {
  return { event: 'pageLoad', path: location.pathname + location.search, language, referrer };
}

/** A client-side navigation finished (the router's `complete`); `from` is the page it left. */
export function navigationEvent(path: string, from: string): AnalyticsEvent {
  return { event: 'navigation', path, from };
}

/** A contact form was sent: the contact form is a `lead`, the business get-offer form a business application. */
export function contactFormEvent(request: { form: 'contact' | 'offer'; type?: string; topic?: string; monthly_parcels?: string }): AnalyticsEvent {
  return request.form === 'offer'
    ? { event: 'submitBusinessApplication', form: 'offer', monthlyParcels: request.monthly_parcels ?? '' }
    : { event: 'lead', form: 'contact', topic: request.type ?? request.topic ?? '' };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes to `window.dataLayer` (created when the tag manager has not loaded yet). Before an
 * e-commerce event the previous e-commerce object is cleared, so the tag manager does not
 * merge them.
 */
export function pushAnalytics(event: AnalyticsEvent, target: { dataLayer?: unknown[] } | undefined = globalThis.window): void {
  if (!target) return;
  target.dataLayer ??= [];
  if ('ecommerce' in event) target.dataLayer.push({ ecommerce: null });
  target.dataLayer.push(event);
}
