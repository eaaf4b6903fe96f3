import { rateSheetAdapter } from '../rate-sheet-adapter';
import { liftagoRates } from './rates';
import { liftagoTracking } from './tracking';

export const liftago = rateSheetAdapter(liftagoRates, liftagoTracking);
