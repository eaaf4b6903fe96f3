import { rateSheetAdapter } from '../rate-sheet-adapter';
import { fedexRates } from './rates';
import { fedexTracking } from './tracking';

export const fedex = rateSheetAdapter(fedexRates, fedexTracking);
