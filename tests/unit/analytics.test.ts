import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../src/lib/schemas/draft';
import {
  addToCartEvent,
  checkoutEvent,
  contactFormEvent,
  ecommerceProduct,
  navigationEvent,
  pageLoadEvent,
  productDetailEvent,
  pushAnalytics,
  removeFromCartEvent,
  searchEvent,
  totalWeight,
} from '../../src/state/analytics';
import { sampleQuote } from './configurator-fixtures';

const shipment = () => {
  const draft = emptyDraft('cz');
  return {
    ...draft,
    recipient: { ...draft.recipient, country: 'sk' },
    content: [
      { type: 'package' as const, weight: '2,5', width: '10', height: '10', length: '10' },
      { type: 'package' as const, weight: '', width: '', height: '', length: '' },
    ],
  };
};

const product = {
  sku: 'dpd-3',
  name: 'DPD Classic',
  brand: 'DPD',
  variant: 'CZ-SK',
  price: 121,
  quantity: 1,
};

describe('e-commerce product', () => {
  it('uses carrier code + total weight, service, carrier, countries, VAT price and quantity 1', () => {
    expect(ecommerceProduct(shipment(), sampleQuote())).toEqual(product);
  });
  it('counts an empty weight as the 0.5 kg default', () => {
    expect(totalWeight(shipment().content)).toBe(3);
  });
  it('falls back to the price without VAT, else 0', () => {
    expect(ecommerceProduct(shipment(), sampleQuote({ priceVat: null })).price).toBe(100);
    expect(ecommerceProduct(shipment(), sampleQuote({ priceVat: null, price: null })).price).toBe(0);
  });
});

describe('events', () => {
  it('builds search with positioned impressions', () => {
    const gls = sampleQuote({ carrier: { code: 'gls', name: 'GLS' }, serviceName: 'GLS Business' });
    expect(searchEvent(shipment(), [sampleQuote(), gls])).toEqual({
      event: 'search',
      ecommerce: {
        currencyCode: 'CZK',
        impressions: [
          { ...product, list: 'search', position: 1 },
          { ...product, sku: 'gls-3', name: 'GLS Business', brand: 'GLS', list: 'search', position: 2 },
        ],
      },
    });
  });

  it('builds productDetail, addToCart and removeFromCart with one product', () => {
    expect(productDetailEvent(shipment(), sampleQuote())).toEqual({ event: 'productDetail', ecommerce: { currencyCode: 'CZK', detail: { products: [product] } } });
    expect(addToCartEvent(shipment(), sampleQuote())).toEqual({ event: 'addToCart', ecommerce: { currencyCode: 'CZK', add: { products: [product] } } });
    expect(removeFromCartEvent(shipment(), sampleQuote())).toEqual({ event: 'removeFromCart', ecommerce: { currencyCode: 'CZK', remove: { products: [product] } } });
  });

  it('builds checkout with every cart item', () => {
    const items = [
      { shipment: shipment(), quote: sampleQuote() },
      { shipment: shipment(), quote: sampleQuote() },
    ];
    expect(checkoutEvent(items, 2)).toEqual({
      event: 'checkout',
      ecommerce: { currencyCode: 'CZK', checkout: { actionField: { step: 2 }, products: [product, product] } },
    });
  });
});

describe('pushAnalytics', () => {
  it('creates the data layer and clears the previous e-commerce object before the event', () => {
    const target: { dataLayer?: unknown[] } = {};
    const event = addToCartEvent(shipment(), sampleQuote());
    pushAnalytics(event, target);
    expect(target.dataLayer).toEqual([{ ecommerce: null }, event]);
    pushAnalytics(event, target);
    expect(target.dataLayer).toHaveLength(4);
  });
  it('pushes account events without clearing an e-commerce object', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushAnalytics({ event: 'completeLogin', method: 'google' }, target);
    pushAnalytics({ event: 'logout' }, target);
    expect(target.dataLayer).toEqual([{ event: 'completeLogin', method: 'google' }, { event: 'logout' }]);
  });
  it('does nothing without a window', () => {
    expect(() => pushAnalytics(addToCartEvent(shipment(), sampleQuote()), undefined)).not.toThrow();
  });
});

describe('pageLoad, navigation, lead and submitBusinessApplication (spec §3; issue 30 item 8)', () => {
  it('builds them as the data layer gets them', () => {
    expect(pageLoadEvent({ pathname: '/kontakt', search: '?x=1' }, 'cs', 'https://www.google.com/')).toEqual({
      event: 'pageLoad',
      path: '/kontakt?x=1',
      language: 'cs',
      referrer: 'https://www.google.com/',
    });
    expect(navigationEvent('/cenik', '/')).toEqual({ event: 'navigation', path: '/cenik', from: '/' });
    expect(contactFormEvent({ form: 'contact', topic: 'customer_care' })).toEqual({ event: 'lead', form: 'contact', topic: 'customer_care' });
    // the contact API's spec name for the topic (issue 30 item 5)
    expect(contactFormEvent({ form: 'contact', type: 'other' })).toEqual({ event: 'lead', form: 'contact', topic: 'other' });
    expect(contactFormEvent({ form: 'offer', topic: 'sales', monthly_parcels: '10-50' })).toEqual({ event: 'submitBusinessApplication', form: 'offer', monthlyParcels: '10-50' });
  });

  it('pushes them without clearing an e-commerce object (they have none)', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushAnalytics(navigationEvent('/cenik', '/'), target);
    expect(target.dataLayer).toEqual([{ event: 'navigation', path: '/cenik', from: '/' }]);
  });
});
