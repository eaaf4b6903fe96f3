import { CurrencyCode, encode, PaymentOptions } from 'bysquare/pay';
import { isValidIban, normalizeIban } from '../../../lib/validators';

/**
 * Slovak "PAY by square" payment order (EUR) through the `bysquare` package: the string to
 * put into a QR code (error correction M, see ./svg.ts). Amounts come in as integer cents;
 * the package wants a decimal number, which is the only place a float appears (n / 100 of an
 * integer prints back exactly: 6150 → 61.5).
 */

export type PayBySquareInput = {
  /** IBAN of the recipient (spaces allowed) */
  iban: string;
  bic?: string;
  /** integer cents, > 0 */
  amountCents: number;
  /** variable symbol: 1-10 digits */
  variableSymbol?: string;
  /** note for the recipient (≤ 140 characters; diacritics are removed, as banking apps want) */
  note?: string;
  /** beneficiary name, required by PAY by square 1.2 */
  beneficiaryName: string;
  /** due date 'YYYY-MM-DD' */
  dueDate?: string;
};

export const PAY_BY_SQUARE_NOTE_MAX = 140;

export function payBySquarePayload(input: PayBySquareInput): string {
  const iban = normalizeIban(input.iban);
  if (!isValidIban(iban)) throw new RangeError(`PAY by square: not a valid IBAN: ${input.iban}`);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`PAY by square: amount must be a positive integer number of cents, got ${input.amountCents}`);
  }
  const vs = input.variableSymbol?.trim();
  if (vs !== undefined && vs !== '' && !/^\d{1,10}$/.test(vs)) {
    throw new RangeError(`PAY by square: variable symbol must be 1-10 digits, got ${input.variableSymbol}`);
  }
  let dueDate: string | undefined;
  if (input.dueDate !== undefined) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.dueDate);
    if (!match) throw new RangeError(`PAY by square: due date must be YYYY-MM-DD, got ${input.dueDate}`);
    dueDate = `${match[1]}${match[2]}${match[3]}`;
  }
  const beneficiaryName = input.beneficiaryName.replace(/\s+/g, ' ').trim();
  if (!beneficiaryName) throw new RangeError('PAY by square: the beneficiary name is required');
  const note = input.note?.replace(/\s+/g, ' ').trim().slice(0, PAY_BY_SQUARE_NOTE_MAX);
  return encode({
    payments: [
      {
        type: PaymentOptions.PaymentOrder,
        amount: input.amountCents / 100,
        currencyCode: CurrencyCode.EUR,
        ...(vs ? { variableSymbol: vs } : {}),
        ...(dueDate ? { paymentDueDate: dueDate } : {}),
        ...(note ? { paymentNote: note } : {}),
        bankAccounts: [{ iban, ...(input.bic ? { bic: input.bic.trim().toUpperCase() } : {}) }],
        beneficiary: { name: beneficiaryName.slice(0, 70) },
      },
    ],
  });
}
