import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../src/server/db/schema';
import { applyDiscount, type PricedItem } from '../../src/server/services/orders/pricing';
import { newTrackingNumber } from '../../src/server/services/orders/numbers';
import {
  assertOrderTransition,
  assertPaymentTransition,
  canOrder,
  canPayment,
  ordersFrom,
  paymentsFrom,
  TransitionError,
} from '../../src/server/services/orders/states';
import { computeVat, vatOf } from '../../src/server/documents/vat';
import { itemLines } from '../../src/server/services/orders/invoice';

// every pair of states: the allowed ones exactly as DOMAIN.md lists them, all others refused
const ORDER_ALLOWED = new Set([
  'unpaid>paid',
  'unpaid>cancelled',
  'paid>processing',
  'paid>cancelled',
  'paid>refunded',
  'processing>completed',
  'processing>cancelled',
  'processing>refunded',
  'completed>refunded',
  'cancelled>refunded',
]);
const PAYMENT_ALLOWED = new Set(['pending>paid', 'pending>failed', 'pending>cancelled', 'paid>refunded']);

describe('order state machine', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ORDER_ALLOWED.has(`${from}>${to}`);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canOrder(from, to)).toBe(allowed);
        if (allowed) expect(() => assertOrderTransition(from, to)).not.toThrow();
        else expect(() => assertOrderTransition(from, to)).toThrow(TransitionError);
      });
    }
  }
  it('names the states an update may start from', () => {
    expect(ordersFrom('paid')).toEqual(['unpaid']);
    expect(ordersFrom('refunded').sort()).toEqual(['cancelled', 'completed', 'paid', 'processing']);
  });
});

describe('payment state machine', () => {
  for (const from of PAYMENT_STATUSES) {
    for (const to of PAYMENT_STATUSES) {
      const allowed = PAYMENT_ALLOWED.has(`${from}>${to}`);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canPayment(from, to)).toBe(allowed);
        if (allowed) expect(() => assertPaymentTransition(from, to)).not.toThrow();
        else expect(() => assertPaymentTransition(from, to)).toThrow(TransitionError);
      });
    }
  }
  it('a failed or cancelled payment is final: a retry is a new payment', () => {
    expect(paymentsFrom('paid')).toEqual(['pending']);
  });
});

const item = (position: number, priceMinor: number, vatRate = 21): PricedItem =>
  ({ position, priceMinor, priceVatMinor: priceMinor + vatOf(priceMinor, vatRate as 21), vatRate, carrier: 'dpd', serviceId: 'dpd-classic', input: {} as never, quote: {} as never }) as PricedItem;

describe('discounts', () => {
  it('takes a percent of every line and keeps each line base + VAT at its rate', () => {
    const { items, discountMinor } = applyDiscount([item(0, 11935), item(1, 9999)], { code: 'X', percent: 10, amountMinor: null, currency: null }, 'CZK');
    expect(items.map((i) => i.priceMinor)).toEqual([10741, 8999]);
    for (const i of items) expect(i.priceVatMinor).toBe(i.priceMinor + vatOf(i.priceMinor, 21));
    const before = 11935 + vatOf(11935, 21) + 9999 + vatOf(9999, 21);
    expect(discountMinor).toBe(before - items.reduce((s, i) => s + i.priceVatMinor, 0));
  });

  it('shares a fixed amount by the lines, never below zero, only in its currency', () => {
    const lines = [item(0, 10000), item(1, 30000)];
    const { items, discountMinor } = applyDiscount(lines, { code: 'Y', percent: null, amountMinor: 5000, currency: 'CZK' }, 'CZK');
    expect(items.every((i) => i.priceMinor >= 0)).toBe(true);
    expect(items.reduce((s, i) => s + i.priceVatMinor, 0)).toBe(lines.reduce((s, i) => s + i.priceVatMinor, 0) - discountMinor);
    expect(discountMinor).toBe(5000);
    expect(applyDiscount(lines, { code: 'Y', percent: null, amountMinor: 5000, currency: 'CZK' }, 'EUR').discountMinor).toBe(0);
    const huge = applyDiscount(lines, { code: 'Z', percent: null, amountMinor: 10_000_000, currency: 'CZK' }, 'CZK');
    expect(huge.items.every((i) => i.priceMinor === 0 && i.priceVatMinor === 0)).toBe(true);
  });
});

describe('an amount off is exact', () => {
  // the item as stored, with the invoice lines it gets (the item at its price and, where needed, the discount as its own line)
  const invoiced = (listBase: number, discounted: PricedItem) =>
    computeVat(
      itemLines(
        {
          shipment: JSON.stringify({ from: { city: 'Brno' }, to: { city: 'Praha' }, packages: [{}] }),
          quote: JSON.stringify({ carrier: { name: 'DPD' }, serviceName: 'Classic', price: { value: listBase / 100, currency: 'CZK' } }),
          priceMinor: discounted.priceMinor,
          priceVatMinor: discounted.priceVatMinor,
          vatRate: discounted.vatRate,
        },
        'cs',
      ),
    );

  it('takes exactly 50 Kč off one line or several, at 21 % and 23 %, and the invoice lines add up to each item', () => {
    const code = { code: 'SLEVA50', percent: null, amountMinor: 5000, currency: 'CZK' };
    for (const rate of [21, 23]) {
      for (let base = 4200; base < 16_000; base += 7) {
        const lines = [[item(0, base, rate)], [item(0, base, rate), item(1, 20_000 - base, rate)], [item(0, base, rate), item(1, base + 1, rate), item(2, 2 * base + 3, rate)]];
        for (const before of lines) {
          const { items, discountMinor } = applyDiscount(before, code, 'CZK');
          expect(discountMinor, `${rate} % ${before.map((i) => i.priceMinor)}`).toBe(5000);
          for (const [i, after] of items.entries()) {
            const totals = invoiced(before[i]!.priceMinor, after);
            expect(totals.totalMinor).toBe(after.priceVatMinor);
            expect(totals.baseMinor).toBe(after.priceMinor);
          }
        }
      }
    }
  });
});

describe('numbers', () => {
  it('tracking numbers are IZ + 10 digits (spec §5) and random', () => {
    const many = Array.from({ length: 200 }, newTrackingNumber);
    for (const n of many) expect(n).toMatch(/^IZ\d{10}$/);
    expect(new Set(many).size).toBe(200);
  });
});

describe('bank statement seam (Fio transactions.json)', async () => {
  const { fromFio } = await import('../../src/server/payments/bank/fio');
  it('maps credits with their variable symbol and counter-account, and debits (the shop’s payments out) with their identification', () => {
    const json = {
      accountStatement: {
        transactionList: {
          transaction: [
            { column22: { value: 26962199069 }, column0: { value: '2026-11-23+0100' }, column1: { value: 144.41 }, column14: { value: 'CZK' }, column5: { value: '2600000001' }, column2: { value: '2900123456' }, column3: { value: '2010' } },
            { column22: { value: 26962199070 }, column0: { value: '2026-11-23+0100' }, column1: { value: -500 }, column14: { value: 'CZK' }, column5: { value: '2600000002' }, column6: { value: '17' }, column2: { value: '19-2000145399' }, column3: { value: '0800' }, column7: null, column16: { value: 'REFUND-17 OP-2026-000002' }, column25: { value: 'REFUND-17 order OP-2026-000002' } },
          ],
        },
      },
    };
    expect(fromFio(json)).toEqual([
      { bankRef: 'FIO-26962199069', bookedOn: '2026-11-23', amountMinor: 14441, currency: 'CZK', variableSymbol: '2600000001', counterAccount: '2900123456/2010', specificSymbol: null, message: null },
      {
        bankRef: 'FIO-26962199070',
        bookedOn: '2026-11-23',
        amountMinor: -50000,
        currency: 'CZK',
        variableSymbol: '2600000002',
        counterAccount: '19-2000145399/0800',
        specificSymbol: '17',
        message: 'REFUND-17 OP-2026-000002 | REFUND-17 order OP-2026-000002',
      },
    ]);
    expect(fromFio({})).toEqual([]);
  });
});
