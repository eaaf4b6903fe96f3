import { storedQuote } from './stored-quote';
import type { ContentLanguage } from '../../../lib/language';
import { database } from '../../db/client';
import { invoiceOf, itemsOf, type OrderItemRow, type OrderRow } from '../../db/repositories/orders';
import { userById, type UserRow } from '../../db/repositories/users';
import { invoices } from '../../db/schema';
import type { InvoiceData, InvoiceLine, VatRate } from '../../documents/types';
import { vatOf } from '../../documents/vat';
import type { OriginBindings } from '../../env';
import { randomToken } from '../../identity/crypto';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { paymentQr } from '../../payments/qr';
import type { OrderShipment } from '../../../lib/schemas/order';
import { OPERATOR } from '../../../lib/company';
import { discountedLines } from '../../../lib/invoice-sums';
import { nextInvoiceNumber } from './numbers';
import { listItemOf } from './pricing';
import { carrierAndServiceIn } from '../../carriers/stored-names';
import { vatBusinessOf, vatLegend, vatRule, type VatRuleInput } from './vat-rule';

/**
 * The order's tax document, issued once (a unique index on the order): its content is
 * fixed as JSON when issued, the PDF is drawn from it on demand and kept in R2. Lines are
 * the items' prices without VAT after the discount; the VAT of each line at its rate sums
 * to the order's total to the haléř/cent.
 */
const { dataBox: _, ...SUPPLIER } = OPERATOR;
export { SUPPLIER };

export const INVOICE_DUE_DAYS = 14;

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

export const WORDS = {
  cs: { line: 'Přeprava zásilky', discount: 'Sleva', packages: (n: number) => (n === 1 ? '1 balík' : n < 5 ? `${n} balíky` : `${n} balíků`), paid: 'Uhrazeno – neplaťte znovu.', due: 'Uhraďte převodem s variabilním symbolem.' },
  sk: { line: 'Preprava zásielky', discount: 'Zľava', packages: (n: number) => (n === 1 ? '1 balík' : n < 5 ? `${n} balíky` : `${n} balíkov`), paid: 'Uhradené – neplaťte znova.', due: 'Uhraďte prevodom s variabilným symbolom.' },
  en: { line: 'Shipment', discount: 'Discount', packages: (n: number) => (n === 1 ? '1 parcel' : `${n} parcels`), paid: 'Paid – do not pay again.', due: 'Please pay by bank transfer with the variable symbol.' },
} as const;

/** the words of an invoice issued in `language` */
export const invoiceWords = (language: ContentLanguage) => WORDS[language];

/**
 * An item's invoice lines: the service, the route and the parcels, priced without VAT after
 * the discount (`prefix`: e.g. the order's number on a monthly invoice). An amount off whose
 * VAT does not round like the discounted price's is its own discount line beside the item at
 * its price, so each line is base + VAT at its rate and the lines add up to the item's price.
 */
export function itemLines(item: Pick<OrderItemRow, 'shipment' | 'quote' | 'priceMinor' | 'priceVatMinor' | 'vatRate'>, language: ContentLanguage, prefix = ''): InvoiceLine[] {
  const words = WORDS[language];
  const shipment = JSON.parse(item.shipment) as OrderShipment;
  const quote = storedQuote(item.quote);
  const route = `${shipment.from.city} → ${shipment.to.city}`;
  const vatRate = item.vatRate as VatRate;
  const line: InvoiceLine = {
    description: `${prefix}${words.line} – ${carrierAndServiceIn(quote, language)}, ${route} (${words.packages(Math.max(1, shipment.packages.length))})`,
    quantity: 1,
    unitPriceMinor: item.priceMinor,
    vatRate,
  };
  const listBase = quote.price ? Math.round(quote.price.value * 100) : item.priceMinor;
  const gross = (base: number) => base + vatOf(base, vatRate);
  if (gross(item.priceMinor) === item.priceVatMinor || listBase === item.priceMinor || gross(listBase) + gross(item.priceMinor - listBase) !== item.priceVatMinor) return [line];
  return [
    { ...line, unitPriceMinor: listBase },
    { description: `${prefix}${words.discount}`, quantity: 1, unitPriceMinor: item.priceMinor - listBase, vatRate },
  ];
}

/**
 * An order's invoice lines: every item at its list price, the discount a line of its own per
 * rate (named by its code), and the haléř/cent no VAT base reaches as the rounding
 * (discountedLines). The recapitulation then states VAT = round(base × rate) per rate.
 */
export function orderLines(items: readonly Pick<OrderItemRow, 'shipment' | 'quote' | 'priceMinor' | 'priceVatMinor' | 'vatRate'>[], language: ContentLanguage, discountCode: string | null): { lines: InvoiceLine[]; roundingMinor: number } {
  const words = WORDS[language];
  const { lines, roundingMinor } = discountedLines(items.map(listItemOf));
  return {
    lines: lines.map((line) => ({
      description: line.item === null ? [words.discount, discountCode].filter(Boolean).join(' ') : itemLines(items[line.item]!, language)[0]!.description,
      quantity: 1,
      unitPriceMinor: line.baseMinor,
      vatRate: line.vatRate as VatRate,
      totalMinor: line.totalMinor!,
      ...(line.discount ? { discount: true } : {}),
    })),
    roundingMinor,
  };
}

/** the customer of an invoice billed to the account: its company data */
export const accountCustomer = (user: UserRow, email: string, territory: string): InvoiceData['customer'] => ({
  name: `${user.firstname ?? ''} ${user.surname ?? ''}`.trim() || user.email,
  company: user.company ?? undefined,
  street: user.street ?? undefined,
  city: user.city ?? undefined,
  zip: user.zip ?? undefined,
  country: (user.country ?? territory).toUpperCase(),
  ico: user.ico ?? undefined,
  dic: user.dic ?? undefined,
  vatId: user.icDph ?? undefined,
  email,
});

export async function invoiceDataOf(env: OriginBindings, order: OrderRow, now: Date, number: string): Promise<InvoiceData> {
  const items = await itemsOf(env.DB, order.id);
  const words = WORDS[order.language];
  const { lines, roundingMinor } = orderLines(items, order.language, order.discountCode);
  const first = items[0] ? (JSON.parse(items[0].shipment) as OrderShipment).from : null;
  const user = order.userId ? await userById(env.DB, order.userId) : undefined;
  const account = SHOP_ACCOUNTS[order.territory];
  const paid = order.status !== 'unpaid';
  const customer: InvoiceData['customer'] =
    order.payerType === 'account' && user
      ? accountCustomer(user, order.email, order.territory)
      : {
          name: first ? `${first.firstname} ${first.surname}`.trim() || first.company : order.email,
          ...(order.payerType === 'company' && order.payerName ? { company: order.payerName } : {}),
          ...(first ? { street: first.street, city: first.city, zip: first.zip } : {}),
          country: (first?.country ?? order.territory).toUpperCase(),
          ...(order.payerIco ? { ico: order.payerIco } : {}),
          ...(order.payerDic ? { dic: order.payerDic } : {}),
          ...(order.payerIcDph ? { vatId: order.payerIcDph } : {}),
          email: order.email,
        };
  const currency = order.currency === 'EUR' ? 'EUR' : 'CZK';
  const vatLegend = vatLegendOf(items, vatBusinessOf({ type: order.payerType, dic: order.payerDic, icDph: order.payerIcDph }), order.language);
  return {
    number,
    variableSymbol: order.variableSymbol,
    issuedOn: day(now),
    taxableOn: day(order.paidAt ? new Date(order.paidAt) : now),
    dueOn: day(addDays(now, paid ? 0 : INVOICE_DUE_DAYS)),
    currency,
    supplier: { ...SUPPLIER, iban: account.iban, ...(order.territory === 'cz' ? { bankAccount: account.account } : {}) },
    customer,
    lines,
    recap: true,
    ...(roundingMinor ? { roundingMinor } : {}),
    // a paid invoice carries no payment QR: scanning it would pay twice
    ...(paid || currency !== order.currency
      ? {}
      : { qr: paymentQr({ currency, iban: account.iban, bic: account.bic, amountMinor: order.totalVatMinor, variableSymbol: order.variableSymbol, message: order.number, recipientName: account.holder }) }),
    note: paid ? words.paid : words.due,
    ...(vatLegend ? { vatLegend } : {}),
  };
}

/** the legends of the items' VAT schemes (an item at another rate than the rule's, ordered before it, states none) */
export function vatLegendOf(items: readonly Pick<OrderItemRow, 'shipment' | 'vatRate'>[], business: VatRuleInput['business'], language: ContentLanguage): string | undefined {
  const legends = new Set<string>();
  for (const item of items) {
    const shipment = JSON.parse(item.shipment) as OrderShipment;
    const rule = vatRule({ business, from: shipment.from, to: shipment.to });
    const legend = rule && rule.rate === item.vatRate ? vatLegend(rule.scheme, language) : null;
    if (legend) legends.add(legend);
  }
  return legends.size ? [...legends].join(' ') : undefined;
}

/**
 * The order's invoice, issued once it is paid (two callers racing: the unique index keeps
 * one). An order billed on account (a contract's payment method `invoice`) gets none: it is
 * billed on the account's monthly invoice (services/billing/monthly.ts).
 */
export async function ensureInvoice(env: OriginBindings, order: OrderRow, now = new Date()) {
  const existing = await invoiceOf(env.DB, order.id);
  if (existing || order.paymentMethod === 'invoice') return existing;
  const number = await nextInvoiceNumber(env.DB, now);
  const data = await invoiceDataOf(env, order, now, number);
  await database(env.DB)
    .insert(invoices)
    .values({
      orderId: order.id,
      userId: order.userId,
      kind: 'order',
      number,
      token: randomToken(32),
      issuedOn: data.issuedOn,
      dueOn: data.dueOn,
      paidAt: order.paidAt ?? now.toISOString(),
      variableSymbol: order.variableSymbol,
      currency: order.currency,
      totalMinor: order.totalVatMinor,
      data: JSON.stringify(data),
    })
    .onConflictDoNothing({ target: invoices.orderId });
  return (await invoiceOf(env.DB, order.id))!;
}
