import { InfoPage } from '../info-page';

// placeholders until the area's screens land (Step 7)
export const AddressBookPage = InfoPage;
export const AddressAddPage = InfoPage;
export const AddressEditPage = InfoPage;
export const AddressDeletePage = InfoPage;
export const AddressSearchPage = InfoPage;
