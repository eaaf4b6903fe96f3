import { rateSheetAdapter } from '../rate-sheet-adapter';
import { glsRates } from './rates';
import { glsTracking } from './tracking';

export const gls = rateSheetAdapter(glsRates, glsTracking);
