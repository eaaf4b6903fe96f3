import { rateSheetAdapter } from '../rate-sheet-adapter';
import { balikovnaRates } from './rates';
import { balikovnaTracking } from './tracking';

export const balikovna = rateSheetAdapter(balikovnaRates, balikovnaTracking);
