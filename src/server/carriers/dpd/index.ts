import { rateSheetAdapter } from '../rate-sheet-adapter';
import { dpdRates } from './rates';
import { dpdTracking } from './tracking';

export const dpd = rateSheetAdapter(dpdRates, dpdTracking);
