import { rateSheetAdapter } from '../rate-sheet-adapter';
import { wedoRates } from './rates';
import { wedoTracking } from './tracking';

export const wedo = rateSheetAdapter(wedoRates, wedoTracking);
