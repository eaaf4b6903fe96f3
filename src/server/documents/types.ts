import type { ContentLanguage } from '../../lib/language';
/**
 * Inputs of the document generators (labels, invoices). Money is integer minor units
 * (haléř, cent); dates are calendar days 'YYYY-MM-DD'; countries ISO 3166-1 alpha-2.
 */

export type DocumentAddress = {
  name: string;
  company?: string;
  street: string;
  city: string;
  zip: string;
  country: string;
  /** E.164, e.g. '+420777123456' */
  phone?: string;
  email?: string;
};

export type LabelParcelPoint = { id: string; name: string; street: string; city: string; zip: string };

export type LabelData = {
  /** 'IZ' + 10 digits (spec §5) */
  trackingNumber: string;
  carrier: { code: string; name: string };
  serviceName: string;
  sender: DocumentAddress;
  recipient: DocumentAddress;
  parcelPoint?: LabelParcelPoint;
  cod?: { amountMinor: number; currency: string };
  weightKg: number;
  /** 1-based index of this package in the shipment */
  packageIndex: number;
  packageCount: number;
  /** 'YYYY-MM-DD' */
  pickupDate: string;
  /** the sender hands the parcel in from pickupDate (a drop-off service): 'Podání', not 'Svoz' */
  handIn?: boolean;
  reference?: string;
  orderNumber: string;
};

/** the carrier's own label of a package: a PNG image, or a PDF whose first page is the label */
export type CarrierLabelFile = { format: 'png' | 'pdf'; bytes: Uint8Array };

/** a package's label to print: ours, or the carrier's own label in its place */
export type PrintLabel = LabelData & { carrierLabel?: CarrierLabelFile };

export type LabelFormat = 'a6' | 'a4';

export type VatRate = 21 | 23 | 0;

export type InvoiceLine = {
  description: string;
  /** whole units */
  quantity: number;
  /** price of one unit without VAT, minor units (may be negative for a discount line) */
  unitPriceMinor: number;
  vatRate: VatRate;
  /** the line's price with VAT as priced (recap invoices): its VAT is this less its base */
  totalMinor?: number;
  /** the discount line of its rate (recap invoices): it takes the rounding difference */
  discount?: boolean;
};

export type InvoiceData = {
  number: string;
  variableSymbol: string;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  /** date of the taxable supply (DUZP), 'YYYY-MM-DD' */
  taxableOn: string;
  dueOn: string;
  currency: 'CZK' | 'EUR';
  supplier: {
    name: string;
    street: string;
    city: string;
    zip: string;
    country: string;
    ico: string;
    dic: string;
    iban: string;
    /** Czech form '(prefix-)number/bank', shown beside the IBAN */
    bankAccount?: string;
  };
  customer: {
    name: string;
    company?: string;
    street?: string;
    city?: string;
    zip?: string;
    country: string;
    ico?: string;
    dic?: string;
    /** a VAT id other than the DIČ (a Slovak IČ DPH): printed beside it (reverse charge) */
    vatId?: string;
    email: string;
  };
  lines: InvoiceLine[];
  /** the VAT recapitulation per rate from its base (src/lib/invoice-sums.ts); without it each line's VAT is summed (invoices issued before) */
  recap?: true;
  /** haléřové vyrovnání: what no VAT base reaches, outside the recapitulation (recap invoices) */
  roundingMinor?: number;
  /** payment QR: SPAYD for CZK, PAY by square for EUR (src/server/payments/qr) */
  qr?: { kind: 'spayd' | 'bysquare'; payload: string };
  note?: string;
  /** what the VAT of the lines rests on when it is not Czech VAT at home (reverse charge, OSS, export: services/orders/vat-rule.ts) */
  vatLegend?: string;
};

export type DocumentLanguage = ContentLanguage;
