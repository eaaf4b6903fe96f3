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
    email: string;
  };
  lines: InvoiceLine[];
  /** payment QR: SPAYD for CZK, PAY by square for EUR (src/server/payments/qr) */
  qr?: { kind: 'spayd' | 'bysquare'; payload: string };
  note?: string;
};

export type DocumentLanguage = 'cs' | 'en';
