import { InfoPage } from '../info-page';

// placeholders until the area's screens land (Step 7)
export const ContractsPage = InfoPage;
export const PickupsPage = InfoPage;
export const PickupPlacesPage = InfoPage;
export const ForBusinessPage = InfoPage;
export const ActivateContractPage = InfoPage;
