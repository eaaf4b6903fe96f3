import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countryName,
  discountRow,
  moneyText,
  packageGroups,
  parcelPointAddress,
  pickupLabel,
  placeLabel,
  quoteDetailRequest,
  refreshCartQuotes,
  serviceAmounts,
  serviceLabel,
  singlePackageDimensions,
} from '../../src/components/cart/cart-lines';
import { cartTotals } from '../../src/lib/configurator-rules';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { emptyPackage } from '../../src/lib/schemas/package';
import type { Quote } from '../../src/lib/types/quote';
import type { CartItem } from '../../src/state/persisted-state';
import { sampleParcelPoint, sampleQuote } from './configurator-fixtures';

const NBSP = '\u00A0';

function sampleItem(overrides: Partial<CartItem> = {}): CartItem {
  const shipment = emptyDraft('cz');
  return {
    cartId: 'item-1',
    shipment: {
      ...shipment,
      sender: { ...shipment.sender, firstName: 'Jan', lastName: 'Novák', street: 'Vodičkova 1', city: 'Praha', zip: '11000' },
      recipient: { ...shipment.recipient, country: 'sk', companyName: 'ACME', street: 'Hlavná 5', city: 'Bratislava', zip: '81104' },
      content: [{ type: 'package', weight: '2', width: '20', height: '10', length: '30' }],
      cartId: 'item-1',
    },
    quote: sampleQuote(),
    collectionPoint: null,
    deliveryPoint: null,
    ...overrides,
  };
}

describe('route', () => {
  it('names the country in the page language', () => {
    expect(countryName('cz', 'cs')).toBe('Česko');
    expect(countryName('sk', 'en')).toBe('Slovakia');
  });

  it('shows the city and the country, or the country alone', () => {
    expect(placeLabel({ city: ' Brno ', country: 'cz' }, 'cs')).toBe('Brno, Česko');
    expect(placeLabel({ city: '', country: 'de' }, 'en')).toBe('Germany');
  });
});

describe('packages', () => {
  it('counts packages by type in the order they were added', () => {
    const content = [emptyPackage('package'), emptyPackage('envelope'), emptyPackage('package')];
    expect(packageGroups(content)).toEqual([
      { type: 'package', count: 2 },
      { type: 'envelope', count: 1 },
    ]);
  });

  it('gives the dimensions of a single measured package as length × width × height', () => {
    expect(singlePackageDimensions([{ type: 'package', weight: '2', width: '20', height: '10', length: '30,5' }], 'cs')).toBe(
      `30,5${NBSP}×${NBSP}20${NBSP}×${NBSP}10${NBSP}cm`,
    );
  });

  it('gives no dimensions for several packages or an unmeasured one', () => {
    const measured = { type: 'package' as const, weight: '1', width: '10', height: '10', length: '10' };
    expect(singlePackageDimensions([measured, measured], 'cs')).toBeNull();
    expect(singlePackageDimensions([emptyPackage()], 'cs')).toBeNull();
  });
});

describe('details', () => {
  it('shows a price, or a dash for an unpriced quote', () => {
    expect(moneyText({ value: 1234.5, currency: 'CZK' }, 'cs')).toBe(`1${NBSP}234,50${NBSP}Kč`);
    expect(moneyText(null, 'cs')).toBe('—');
  });

  it('writes a parcel point address as street, zip (shown 110 00) and city', () => {
    expect(parcelPointAddress(sampleParcelPoint())).toBe('Vodičkova 10, 110 00 Praha');
  });

  it('leaves out the service name the carrier name already contains', () => {
    expect(serviceLabel({ serviceName: 'Do ruky', carrier: { code: 'balikovna', name: 'Balíkovna Do ruky' } })).toBeNull();
    expect(serviceLabel({ serviceName: 'Classic', carrier: { code: 'dpd', name: 'DPD' } })).toBe('Classic');
  });

  it('shows the chosen pickup date with its time window', () => {
    const quote = sampleQuote();
    expect(pickupLabel({ pickupDate: '2026-11-25', fromTime: '09:00', toTime: '12:00' }, quote)).toBe('25.11.2026 09:00–12:00');
    expect(pickupLabel({ pickupDate: '2026-11-25', fromTime: '09:00', toTime: '12:00' }, quote, 'en')).toBe('Nov 25, 2026 09:00–12:00');
  });

  it("falls back to the quote's earliest pickup date, without a window", () => {
    expect(pickupLabel({ pickupDate: '', fromTime: '09:00', toTime: '12:00' }, sampleQuote())).toBe('23.11.2026');
    const noDate = sampleQuote({ timeInTransit: { ...sampleQuote().timeInTransit, pickupDate: null } });
    expect(pickupLabel({ pickupDate: '', fromTime: '', toTime: '' }, noDate)).toBeNull();
  });

  it('lists cash on delivery and insurance with their amounts, only when active', () => {
    const shipment = sampleItem().shipment;
    const services = {
      ...shipment.services,
      cod: { ...shipment.services.cod, active: true, data: { ...shipment.services.cod.data, value: '1500', currency: 'EUR' } },
      ins: { ...shipment.services.ins, active: false, data: { value: '20000', currency: 'CZK' } },
    };
    expect(serviceAmounts({ ...shipment, services }, sampleQuote(), 'cs')).toEqual([{ code: 'cod', amount: `1${NBSP}500${NBSP}€` }]);
  });

  it("shows the amount to collect as the server priced it, shipping added", () => {
    const shipment = sampleItem().shipment;
    const cod = { ...shipment.services.cod, active: true, data: { ...shipment.services.cod.data, value: '500', currency: 'CZK', includeShipmentCosts: true } };
    const services = { ...shipment.services, cod };
    expect(serviceAmounts({ ...shipment, services }, sampleQuote({ codAmount: { value: 621, currency: 'CZK' } }), 'cs')).toEqual([{ code: 'cod', amount: `621${NBSP}Kč` }]);
  });
});

describe('discount row', () => {
  const totals = cartTotals([sampleQuote(), sampleQuote()], null);

  it('is absent without a discount', () => {
    expect(discountRow(null, totals, 'cs')).toBeNull();
    expect(discountRow({ amount: null, percent: null }, totals, 'cs')).toBeNull();
  });

  it('shows what a percent discount takes off the VAT total, with the rate', () => {
    const discount = { amount: null, percent: 10 };
    expect(discountRow(discount, cartTotals([sampleQuote(), sampleQuote()], discount), 'cs')).toEqual({
      amount: `-24,20${NBSP}Kč`,
      percent: `10${NBSP}%`,
    });
  });

  it('shows an amount discount without a rate, never taking off more than the total', () => {
    const discount = { amount: 500, percent: 10 };
    expect(discountRow(discount, cartTotals([sampleQuote()], discount), 'cs')).toEqual({ amount: `-121${NBSP}Kč`, percent: null });
  });
});

describe('refresh', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks quote/detail for the complete shipment with the service, collection type and parcel points', () => {
    const item = sampleItem({
      quote: sampleQuote({ serviceId: 'dpd-pickup', type: 'DROPOFF' }),
      collectionPoint: sampleParcelPoint({ id: 'pp-from' }),
      deliveryPoint: sampleParcelPoint({ id: 'pp-to' }),
    });
    expect(quoteDetailRequest(item)).toMatchObject({
      complete: true,
      service_id: 'dpd-pickup',
      service_group_id: 'dpd-pickup',
      type: 'DROPOFF',
      pickup_branch_location: 'pp-from',
      delivery_branch_location: 'pp-to',
      from: { city: 'Praha', country: 'cz' },
      to: { city: 'Bratislava', country: 'sk' },
    });
  });

  it("hands every item's new quote to apply", async () => {
    const items = [sampleItem({ cartId: 'a' }), sampleItem({ cartId: 'b' })];
    const fresh = (id: string) => sampleQuote({ id });
    const applied: [string, Quote][] = [];
    await refreshCartQuotes(items, async () => fresh('new'), (cartId, quote) => applied.push([cartId, quote]));
    expect(applied.map(([cartId, quote]) => [cartId, quote.id])).toEqual([
      ['a', 'new'],
      ['b', 'new'],
    ]);
  });

  it("logs a failed refresh, keeps the item's quote and still refreshes the others", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const items = [sampleItem({ cartId: 'a' }), sampleItem({ cartId: 'b' })];
    const failure = new Error('boom');
    const applied: string[] = [];
    let calls = 0;
    await refreshCartQuotes(
      items,
      async () => {
        if (calls++ === 0) throw failure;
        return sampleQuote();
      },
      (cartId) => applied.push(cartId),
    );
    expect(applied).toEqual(['b']);
    expect(log).toHaveBeenCalledWith('Unable to refresh quote', failure);
  });

  it('does not log a cancelled refresh', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const apply = vi.fn();
    await refreshCartQuotes([sampleItem()], async () => Promise.reject(new DOMException('aborted', 'AbortError')), apply);
    expect(apply).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });
});
