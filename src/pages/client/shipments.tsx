import { InfoPage } from '../info-page';

// placeholders until the area's screens land (Step 7)
export const ShipmentsPage = InfoPage;
export const ShipmentDetailPage = InfoPage;
export const OrdersPage = InfoPage;
