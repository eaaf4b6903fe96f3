import { rateSheetAdapter } from '../rate-sheet-adapter';
import { pplRates } from './rates';
import { pplTracking } from './tracking';

export const ppl = rateSheetAdapter(pplRates, pplTracking);
