import type { GoPayPaymentOrder } from '../../src/server/payments/card/gopay/client';

/**
 * GoPay's documented shapes (src/server/payments/card/PROTOCOL.md), written in our own
 * words and numbers: an order of two shipments paid by card, GoPay's token, payment, refund
 * and error answers.
 */
export const GO_ID = '8200123456';
export const PAYMENT_ID = 5100234567;

/** an order of two shipments and a discount: 189 + 249 − 43.80 = 394.20 CZK */
export function gopayOrder(overrides: Partial<GoPayPaymentOrder> = {}): GoPayPaymentOrder {
  return {
    orderNumber: 'OBJ2611270042',
    amountMinor: 39_420,
    currency: 'CZK',
    description: 'Zásilkovač: 2 zásilky (objednávka OBJ2611270042)',
    items: [
      { name: 'PPL Parcel CZ Private, 3 kg', amountMinor: 18_900, count: 1, vatRate: 21 },
      { name: 'DPD Classic, 7 kg', amountMinor: 24_900, count: 1, vatRate: 21 },
      { name: 'Sleva VITEJTE10', amountMinor: -4_380, count: 1, type: 'DISCOUNT', vatRate: 21 },
    ],
    payer: { email: 'eva.kralova@example.cz', firstName: 'Eva', lastName: 'Králová', phone: '734 111 222', street: 'Lidická 40', city: 'Brno', postalCode: '602 00', country: 'cz' },
    language: 'cs',
    returnUrl: 'https://zasilkovac.test/objednavka/OBJ2611270042/platba',
    notificationUrl: 'https://zasilkovac.test/api/payments/gopay/notify',
    ...overrides,
  };
}

/** POST /oauth2/token */
export const tokenBody = (accessToken = 'tok-A1', expiresIn = 1800) => ({ token_type: 'bearer', access_token: accessToken, expires_in: expiresIn });

/** a payment as GoPay answers it (create: CREATED with gw_url; status: any state) */
export function paymentBody(state = 'CREATED', extra: Record<string, unknown> = {}) {
  return {
    id: PAYMENT_ID,
    order_number: 'OBJ2611270042',
    state,
    amount: 39_420,
    currency: 'CZK',
    payer: {
      allowed_payment_instruments: ['PAYMENT_CARD', 'APPLE_PAY', 'GPAY', 'BANK_ACCOUNT'],
      default_payment_instrument: 'PAYMENT_CARD',
      contact: { email: 'eva.kralova@example.cz', country_code: 'CZE' },
    },
    target: { type: 'ACCOUNT', goid: Number(GO_ID) },
    lang: 'CS',
    // as in GoPay's own example, with a space in front
    gw_url: ' https://gw.sandbox.gopay.com/gw/v3/q8Wd2LmZr4TyPp0s',
    ...extra,
  };
}

/** a paid card payment's status */
export const paidByCard = paymentBody('PAID', {
  sub_state: '_3002',
  payment_instrument: 'PAYMENT_CARD',
  payer: { contact: { email: 'eva.kralova@example.cz' }, payment_card: { card_number: '418803******0003', card_expiration: '2811', card_brand: 'VISA', card_issuer_country: 'CZE' } },
});

/** POST /payments/payment/{id}/refund */
export const refundBody = (result = 'FINISHED') => ({ id: PAYMENT_ID, result });

/** GoPay's error body: errors[] with scope, field, message, error_code, error_name */
export const gopayError = (errorCode: number, errorName: string | null, field: string | null = null, message = 'Refused.') => ({
  date_issued: 1_795_000_000_000,
  errors: [{ scope: field ? 'F' : 'G', field, message, error_code: errorCode, error_name: errorName }],
});
