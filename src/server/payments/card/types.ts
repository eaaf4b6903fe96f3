/**
 * The card gateway seam, modelled on the Czech gateways' protocol (ComGate, GoPay): the shop
 * creates a payment and sends the customer to the gateway's page; the gateway notifies the
 * shop server-to-server with a signed message; the shop then asks the gateway for the
 * payment's status and acts on that answer only. Notifications can repeat and arrive out
 * of order; one with a bad signature is refused.
 */
export type GatewayStatus = 'pending' | 'paid' | 'declined' | 'cancelled' | 'refunded';

export type CreateCardPayment = {
  orderNumber: string;
  amountMinor: number;
  currency: string;
  label: string;
  email: string;
  language: 'cs' | 'en';
  /** where the customer comes back after paying, declining or cancelling */
  returnUrl: string;
  /** where the gateway posts its notification */
  notifyUrl: string;
};

export interface CardGateway {
  readonly mode: 'live' | 'sandbox' | 'unavailable';
  create(payment: CreateCardPayment): Promise<{ ref: string; redirectUrl: string }>;
  /** the payment a notification is about, or null when its signature is not the gateway's */
  verifyNotification(body: string, signature: string | null): Promise<{ ref: string } | null>;
  status(ref: string): Promise<GatewayStatus>;
  refund(ref: string, amountMinor: number): Promise<void>;
}

export const NOTIFY_SIGNATURE_HEADER = 'x-gateway-signature';
