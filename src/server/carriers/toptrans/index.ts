import { rateSheetAdapter } from '../rate-sheet-adapter';
import { toptransRates } from './rates';
import { toptransTracking } from './tracking';

export const toptrans = rateSheetAdapter(toptransRates, toptransTracking);
