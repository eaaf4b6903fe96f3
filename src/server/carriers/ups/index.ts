import { rateSheetAdapter } from '../rate-sheet-adapter';
import { upsRates } from './rates';
import { upsTracking } from './tracking';

export const ups = rateSheetAdapter(upsRates, upsTracking);
