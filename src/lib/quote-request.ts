import { addressToApi } from './address';
import type { ShipmentDraft } from './schemas/draft';
import { PACKAGE_TYPES, type ParcelPoint } from './types/quote';

/**
 * The §7 shipment/quote request built from a configurator draft. Empty measures stay
 * empty (the origin fills the §5 defaults); `complete` asks for full addresses to be checked.
 */
export type QuoteRequestOptions = {
  complete?: boolean;
  serviceId?: string | null;
  collectionPoint?: Pick<ParcelPoint, 'id'> | null;
  deliveryPoint?: Pick<ParcelPoint, 'id'> | null;
  preferDeliveryBranch?: boolean;
};

const numberOrEmpty = (text: string) => (text.trim() === '' ? '' : text.trim().replace(',', '.'));

export function draftToQuoteRequest(draft: ShipmentDraft, opts: QuoteRequestOptions = {}) {
  const { cod, ins, hdf } = draft.services;
  const services = [
    ...(cod.active
      ? [
          {
            code: 'cod' as const,
            data: {
              value: { value: numberOrEmpty(cod.data.value) || 0, currency: cod.data.currency || draft.currency },
              bank_currency: cod.data.currency || null,
              bank_account: cod.data.bankAccount.accountNumber || null,
              bank_code: cod.data.bankAccount.bankCode || null,
              bank_variable: cod.data.bankAccount.variable || null,
              include_shipping_costs: cod.data.includeShipmentCosts,
            },
          },
        ]
      : []),
    ...(ins.active ? [{ code: 'ins' as const, data: { value: { value: numberOrEmpty(ins.data.value) || 0, currency: ins.data.currency || draft.currency } } }] : []),
    ...(hdf.active ? [{ code: 'hdf' as const, data: {} }] : []),
  ];
  const customs = draft.customsClearance;
  return {
    complete: opts.complete ?? false,
    save_from_address: draft.saveSenderAddress,
    save_to_address: draft.saveRecipientAddress,
    from: addressToApi(draft.sender),
    to: addressToApi(draft.recipient),
    reference: draft.reference || null,
    packages: draft.content.map((p) => ({
      type: PACKAGE_TYPES[p.type],
      weight: numberOrEmpty(p.weight),
      width: numberOrEmpty(p.width),
      height: numberOrEmpty(p.height),
      length: numberOrEmpty(p.length),
    })),
    currency: draft.currency || undefined,
    pickup_date: draft.pickupDate || null,
    from_time: draft.fromTime || null,
    to_time: draft.toTime || null,
    service_id: opts.serviceId ?? null,
    pickup_branch_location: opts.collectionPoint?.id ?? null,
    delivery_branch_location: opts.deliveryPoint?.id ?? null,
    prefer_delivery_branch: opts.preferDeliveryBranch ?? Boolean(opts.deliveryPoint),
    services,
    ...(customs
      ? {
          customs: {
            reason: customs.reason,
            invoice: customs.invoiceFiles.length > 0 ? 'own' : 'create',
            invoice_files: customs.invoiceFiles,
            customs_representation_file: customs.representationFile,
            currency: customs.currency || draft.currency,
            items: customs.items.map((i) => ({ name: i.name, country: i.country, quantity: numberOrEmpty(i.quantity), value: numberOrEmpty(i.value), hs_code: i.hsCode || null })),
            additional_info: customs.additionalInfo,
          },
        }
      : {}),
    platform: 'SM' as const,
  };
}
export type QuoteRequest = ReturnType<typeof draftToQuoteRequest>;
