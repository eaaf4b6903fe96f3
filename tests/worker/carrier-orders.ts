import { dataOf, type Browser } from './client';

/** A guest's order booked with one carrier (the carriers' order tests): placed, paid by the sandbox bank, and its page's data. */
export type CarrierOrder = {
  token: string;
  total_vat: number;
  currency: string;
  payment: { variable_symbol: string };
  shipments: { id: number; tracking_number: string; status: string; carrier_ref: string | null; carrier_parcel_numbers: string[]; label_url: string | null; label_url_a4: string | null; error: string | null }[];
};

export const orderParty = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });

/** Brno → Praha, one item of `serviceId` with a package per weight; `shipment` adds to or replaces the item's fields */
export const carrierOrderBody = (serviceId: string, weights: number[], shipment: Record<string, unknown> = {}) => ({
  items: [{ shipment: { from: orderParty('Brno', '60200', 'Jana'), to: orderParty('Praha', '11000', 'Žofie'), packages: weights.map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: serviceId, ...shipment } }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
});

/** the sandbox bank's statement pays the order in full */
export const payByTransfer = (b: Browser, order: Pick<CarrierOrder, 'payment' | 'total_vat' | 'currency'>) =>
  b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });

export async function placePaidOrder(b: Browser, body: unknown): Promise<CarrierOrder> {
  const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  const created = await dataOf<CarrierOrder>(res);
  const paid = await payByTransfer(b, created);
  if (paid.status !== 200) throw new Error(`the bank statement answered ${paid.status}: ${await paid.text()}`);
  return dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${created.token}`));
}
