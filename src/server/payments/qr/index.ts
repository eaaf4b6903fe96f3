import { payBySquarePayload } from './bysquare';
import { spaydPayload } from './spayd';

export { formatSpaydAmount, ibanFromCzechAccount, spaydPayload, spaydText, SPAYD_LIMITS, type SpaydInput } from './spayd';
export { payBySquarePayload, type PayBySquareInput } from './bysquare';
export { qrMatrix, qrSvg, type QrSvgOptions } from './svg';

export type PaymentQr = { kind: 'spayd' | 'bysquare'; payload: string };

export type PaymentQrInput = {
  currency: 'CZK' | 'EUR';
  iban: string;
  bic?: string;
  amountMinor: number;
  variableSymbol: string;
  /** for the payer's statement, e.g. 'Objednávka OP2026000123' */
  message?: string;
  /** the shop's name (required by PAY by square; RN in SPAYD) */
  recipientName: string;
  dueDate?: string;
};

/** QR Platba (SPAYD) for CZK, PAY by square for EUR: the `{ kind, payload }` of orders and InvoiceData.qr. */
export function paymentQr(input: PaymentQrInput): PaymentQr {
  if (input.currency === 'CZK') {
    return {
      kind: 'spayd',
      payload: spaydPayload({
        account: input.iban,
        bic: input.bic,
        amountMinor: input.amountMinor,
        variableSymbol: input.variableSymbol,
        message: input.message,
        recipientName: input.recipientName,
        dueDate: input.dueDate,
      }),
    };
  }
  return {
    kind: 'bysquare',
    payload: payBySquarePayload({
      iban: input.iban,
      bic: input.bic,
      amountCents: input.amountMinor,
      variableSymbol: input.variableSymbol,
      note: input.message,
      beneficiaryName: input.recipientName,
      dueDate: input.dueDate,
    }),
  };
}
