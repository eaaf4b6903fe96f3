import { InfoPage } from '../info-page';

// placeholders until the area's screens land (Step 7)
export const InvoicesPage = InfoPage;
export const CreditPage = InfoPage;
export const CreditTopUpPage = InfoPage;
