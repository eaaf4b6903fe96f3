import type { OrderView } from '../../server/services/orders/view';

/** GET /api/v1/orders/:token (see src/server/api/orders.ts) */
export type OrderData = OrderView & { sandbox: boolean };
export type OrderStatus = OrderData['status'];
export type OrderShipmentView = OrderData['shipments'][number];
export type OrderItemView = OrderData['items'][number];

type Minor = { base_minor: number; vat_minor: number; total_minor: number };

/** GET /api/v1/invoices/:token: the stored InvoiceData with the computed lines and totals */
export type InvoicePageData = {
  number: string;
  variableSymbol: string;
  issuedOn: string;
  taxableOn: string;
  dueOn: string;
  currency: 'CZK' | 'EUR';
  supplier: { name: string; street: string; city: string; zip: string; country: string; ico: string; dic: string; iban: string; bankAccount?: string };
  customer: { name: string; company?: string; street?: string; city?: string; zip?: string; country: string; ico?: string; dic?: string; email: string };
  note?: string;
  language: string;
  order_token: string | null;
  paid: boolean;
  totals: Minor & { rounding_minor: number; by_rate: (Minor & { rate: number })[] };
  lines: (Minor & { description: string; quantity: number; unit_price_minor: number; vat_rate: number })[];
  qr_svg: string | null;
  pdf_url: string;
};
