import * as v from 'valibot';
import { object, variant } from './object';
import { codCurrencies } from '../quote-rules';
import {
  isValidBankCode,
  isValidCzechAccountNumber,
  isValidIban,
  isValidVariableSymbol,
  looksLikeIban,
  normalizeIban,
} from '../validators';
import { positiveDecimal, storedBoolean, storedNumberText, storedString, text } from './fields';

/** Additional services of a shipment (spec §3): cod, ins, hdf; each {active, code, data}. */

const BankAccountDraftSchema = object({
  /** Czech '(prefix-)number' or an IBAN */
  accountNumber: storedString(),
  bankCode: storedString(),
  /** variable symbol */
  variable: storedString(),
});

const CodDataDraftSchema = object({
  currency: storedString(),
  value: storedNumberText(),
  includeShipmentCosts: storedBoolean(),
  bankAccount: v.fallback(v.optional(BankAccountDraftSchema, () => v.getDefaults(BankAccountDraftSchema)), () =>
    v.getDefaults(BankAccountDraftSchema),
  ),
});

const InsDataDraftSchema = object({ value: storedNumberText(), currency: storedString() });

const HdfDataDraftSchema = object({});

function storedService<const C extends string, S extends v.ObjectSchema<v.ObjectEntries, undefined>>(code: C, data: S) {
  const empty = () => ({ active: false, code, data: v.getDefaults(data) });
  return v.fallback(
    v.optional(
      object({
        active: storedBoolean(),
        code: v.fallback(v.optional(v.literal(code), code), code),
        data: v.fallback(v.optional(data, () => v.getDefaults(data)), () => v.getDefaults(data)),
      }),
      empty,
    ),
    empty,
  );
}

export const ServicesDraftSchema = object({
  cod: storedService('cod', CodDataDraftSchema),
  ins: storedService('ins', InsDataDraftSchema),
  hdf: storedService('hdf', HdfDataDraftSchema),
});
export type ServicesForm = v.InferOutput<typeof ServicesDraftSchema>;
export type CodForm = ServicesForm['cod'];

export function emptyServices(): ServicesForm {
  return v.getDefaults(ServicesDraftSchema);
}

/**
 * Account for cash on delivery: a Czech account number (with its 4-digit bank code) or
 * an IBAN (bank code not needed). Variable symbol optional, up to 10 digits.
 */
export const BankAccountSchema = v.pipe(
  object({
    accountNumber: text(true),
    bankCode: text(false),
    variable: v.pipe(text(false), v.check(isValidVariableSymbol, 'validation.variableSymbol')),
  }),
  v.forward(
    v.partialCheck(
      [['accountNumber']],
      ({ accountNumber }) => (looksLikeIban(accountNumber) ? isValidIban(accountNumber) : true),
      'validation.iban',
    ),
    ['accountNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['accountNumber']],
      ({ accountNumber }) => accountNumber === '' || looksLikeIban(accountNumber) || isValidCzechAccountNumber(accountNumber),
      'validation.bankAccount',
    ),
    ['accountNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['accountNumber'], ['bankCode']],
      ({ accountNumber, bankCode }) => looksLikeIban(accountNumber) || bankCode !== '',
      'validation.required',
    ),
    ['bankCode'],
  ),
  v.forward(
    v.partialCheck(
      [['accountNumber'], ['bankCode']],
      ({ accountNumber, bankCode }) => looksLikeIban(accountNumber) || bankCode === '' || isValidBankCode(bankCode),
      'validation.bankCode',
    ),
    ['bankCode'],
  ),
);

/**
 * The account's default COD account (settings, the import): the COD account without the
 * variable symbol, by the same checks; a Czech number without spaces, an IBAN normalized.
 */
export const CodAccountSchema = v.pipe(
  object({ accountNumber: text(true), bankCode: text(false) }),
  v.transform(({ accountNumber, bankCode }) => ({ accountNumber, bankCode, variable: '' })),
  BankAccountSchema,
  v.transform(({ accountNumber, bankCode }) =>
    looksLikeIban(accountNumber) ? { accountNumber: normalizeIban(accountNumber), bankCode: '' } : { accountNumber: accountNumber.replace(/\s/g, ''), bankCode },
  ),
);
export type CodAccount = v.InferOutput<typeof CodAccountSchema>;

const currencyCode = v.pipe(text(true), v.check((value) => value === '' || /^[A-Z]{3}$/.test(value), 'validation.currency_code'));

export type Route = { from: string; to: string };

/**
 * Services of a shipment on a route. An inactive service is not checked; an active cash on
 * delivery needs an amount, a currency allowed on the route (spec §9) and a bank account;
 * active insurance needs an amount and a currency.
 */
export function servicesSchema(route: Route) {
  const allowedCodCurrencies: string[] = codCurrencies(route.from, route.to);
  return object({
    cod: variant('active', [
      object({
        active: v.literal(true),
        code: v.literal('cod'),
        data: object({
          currency: v.pipe(text(true), v.check((value) => value === '' || allowedCodCurrencies.includes(value), 'validation.cod_currency')),
          value: positiveDecimal('validation.amount'),
          includeShipmentCosts: v.boolean(),
          bankAccount: BankAccountSchema,
        }),
      }),
      object({ active: v.literal(false), code: v.literal('cod'), data: CodDataDraftSchema }),
    ]),
    ins: variant('active', [
      object({
        active: v.literal(true),
        code: v.literal('ins'),
        data: object({ value: positiveDecimal('validation.amount'), currency: currencyCode }),
      }),
      object({ active: v.literal(false), code: v.literal('ins'), data: InsDataDraftSchema }),
    ]),
    hdf: object({ active: v.boolean(), code: v.literal('hdf'), data: HdfDataDraftSchema }),
  });
}
export type ServicesOutput = v.InferOutput<ReturnType<typeof servicesSchema>>;
