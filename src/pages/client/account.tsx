import { InfoPage } from '../info-page';

// placeholders until the area's screens land (Step 7)
export const DashboardPage = InfoPage;
export const SettingsPage = InfoPage;
export const PasswordPage = InfoPage;
export const ClearPage = InfoPage;
export const ClientClaimsPage = InfoPage;
