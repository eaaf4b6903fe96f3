import { draftToQuoteRequest } from '../../lib/quote-request';
import type { CartItem } from '../../state/persisted-state';

/** The cart's items as POST v1/orders items: the §7 shipment payload with its service and parcel points. */
export const orderItemsOf = (items: readonly CartItem[]) =>
  items.map((item) => ({
    shipment: {
      ...draftToQuoteRequest(item.shipment, { complete: true, serviceId: item.quote.serviceId, collectionPoint: item.collectionPoint, deliveryPoint: item.deliveryPoint }),
      service_id: item.quote.serviceId,
    },
    collection_point_id: item.collectionPoint?.id ?? null,
    delivery_point_id: item.deliveryPoint?.id ?? null,
  }));
