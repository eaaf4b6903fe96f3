import type { OrderRow } from '../../db/repositories/orders';
import type { ShopAccount } from '../../payments/bank/types';
import { paymentQr as payloadOf, qrSvg } from '../../payments/qr';

/**
 * The payment QR of an order's bank transfer: QR Platba (SPAYD) for CZK, PAY by square for
 * EUR, the payload and its SVG (generated here, no third-party service). Nothing when
 * nothing is left to pay. `svg: false`: the payload only (the checkout's answer: the order page
 * draws the code; drawing it is most of the work, a few ms of CPU per order).
 */
export function paymentQr(order: Pick<OrderRow, 'currency' | 'variableSymbol' | 'number'>, amountMinor: number, account: ShopAccount, { svg = true }: { svg?: boolean } = {}) {
  // a QR names only the order's own currency: none for one the QR formats cannot carry (an order from before currencies were checked)
  if (amountMinor <= 0 || (order.currency !== 'CZK' && order.currency !== 'EUR')) return {};
  const qr = payloadOf({
    currency: order.currency,
    iban: account.iban,
    bic: account.bic,
    amountMinor,
    variableSymbol: order.variableSymbol,
    message: order.number,
    recipientName: account.holder,
  });
  return { [qr.kind]: qr.payload, qr_kind: qr.kind, qr_svg: svg ? qrSvg(qr.payload, { title: qr.kind === 'spayd' ? 'QR Platba' : 'PAY by square' }) : undefined };
}
