/**
 * The card gateway seam (GoPay's REST API: ./PROTOCOL.md): the shop creates a payment
 * and sends the customer to the gateway's page; the gateway notifies the shop with the
 * payment's id only, and the shop asks the gateway for the payment's state and acts on that
 * answer only. Notifications can repeat, arrive out of order or be forged: they carry nothing
 * to trust.
 */
export type GatewayStatus = 'pending' | 'paid' | 'declined' | 'cancelled';

/** the gateway's word on a payment: the money was paid (refunds after it included), is pending, or never came */
export type CardPaymentState = {
  status: GatewayStatus;
  /** why it never came: 'declined', 'cancelled' or 'timeout' (with the gateway's own code after a colon) */
  reason: string | null;
  amountMinor: number;
  currency: string;
  /** the order number the gateway holds for it (letters and digits) */
  orderNumber: string | null;
};

export type CardPaymentItem = { name: string; /** the line's total */ amountMinor: number; count: number; type?: 'ITEM' | 'DELIVERY' | 'DISCOUNT'; vatRate?: 0 | 10 | 12 | 15 | 21 };

export type CreateCardPayment = {
  orderNumber: string;
  amountMinor: number;
  currency: string;
  label: string;
  /** the lines of the payment; they add up to amountMinor */
  items: CardPaymentItem[];
  payer: { email: string; firstName?: string | null; lastName?: string | null; phone?: string | null; street?: string | null; city?: string | null; postalCode?: string | null; country?: string | null };
  language: 'cs' | 'en' | 'sk';
  /** where the customer comes back after paying, declining or cancelling (the gateway adds ?id=) */
  returnUrl: string;
  /** where the gateway notifies (GET with ?id=) */
  notifyUrl: string;
};

export interface CardGateway {
  readonly mode: 'live' | 'sandbox' | 'unavailable';
  /** throws CardGatewayError when the gateway is down or refuses */
  create(payment: CreateCardPayment): Promise<{ ref: string; redirectUrl: string }>;
  /** the payment a notification or a return names (`?id=`), or null: only a hint of what to ask */
  notifiedRef(url: string | URL): string | null;
  /** throws CardGatewayError when the gateway is down or does not know the payment */
  status(ref: string): Promise<CardPaymentState>;
  /** refunds amountMinor (all or part of what was paid): finished when the money is on its way back (GoPay FINISHED), else accepted and still processing; throws CardGatewayError when down or refused */
  refund(ref: string, amountMinor: number): Promise<{ finished: boolean }>;
}

/** the gateway could not be asked (down, timed out, unreadable) or refused: the caller keeps its state and may try again */
export class CardGatewayError extends Error {
  override readonly name: string = 'CardGatewayError';
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    /** the gateway's own error code (GoPay's error_code, e.g. 332 wrong amount), when it gave one */
    readonly code: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
export class CardGatewayUnavailableError extends CardGatewayError {
  override readonly name = 'CardGatewayUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, 'unavailable', null, options);
  }
}
export class CardGatewayRefusedError extends CardGatewayError {
  override readonly name = 'CardGatewayRefusedError';
  constructor(message: string, code: number | null, options?: ErrorOptions) {
    super(message, 'refused', code, options);
  }
}
