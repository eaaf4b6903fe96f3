/**
 * Bank codes ("kódy platebního styku") and their BICs, for checking Czech account numbers
 * and the bank part of CZ and SK IBANs.
 *
 * Czech: the Czech National Bank's register (cnb.cz › Platební styk › Účty a kódy bank,
 * kody_bank_CR.csv); Slovak: Národná banka Slovenska's register of bank codes
 * ("Zoznam kódov bánk"). Transcribed on 2026-11-27 from the registers as mirrored in the
 * schwifty project's bank registry (commits db6c05c and e4451d3). A code the register
 * drops stays valid for old accounts until the next update of this list. Empty BIC: the
 * institution has none in the register.
 */
export const BANK_CODES_DATE = '2026-11-27';

export const CZ_BANK_CODES: Readonly<Record<string, string>> = {
  '0100': 'KOMBCZPP', '0300': 'CEKOCZPP', '0600': 'AGBACZPP', '0710': 'CNBACZPP', '0800': 'GIBACZPX',
  '2010': 'FIOBCZPP', '2060': 'CITFCZPP', '2070': 'MPUBCZPP', '2100': '', '2200': '', '2220': 'ARTTCZPP',
  '2250': 'CTASCZ22', '2260': '', '2275': '', '2600': 'CITICZPX', '2700': 'BACXCZPP', '3030': 'AIRACZPP',
  '3050': 'BPPFCZP1', '3060': 'BPKOCZPP', '3500': 'INGBCZPP', '4000': 'EXPNCZPP', '4300': 'NROZCZPP',
  '5500': 'RZBCCZPP', '5800': 'JTBPCZPP', '6000': 'PMBPCZPP', '6200': 'COBACZPX', '6210': 'BREXCZPP',
  '6300': 'GEBACZPP', '6363': '', '6700': 'SUBACZPP', '6800': 'VBOECZ2X', '7910': 'DEUTCZPX', '7950': '',
  '7960': '', '7970': '', '7990': '', '8030': 'GENOCZ21', '8040': 'OBKLCZ2X', '8060': '', '8090': 'CZEECZPP',
  '8150': 'MIDLCZPP', '8190': '', '8198': 'FFCSCZP1', '8220': 'PAERCZP1', '8250': 'BKCHCZPP', '8255': 'COMMCZPP',
  '8265': 'ICBKCZPP', '8280': 'BEFKCZP1', '8299': 'BEORCZP2', '8500': '',
};

export const SK_BANK_CODES: Readonly<Record<string, string>> = {
  '0200': 'SUBASKBX', '0720': 'NBSBSKBX', '0900': 'GIBASKBX', '1100': 'TATRSKBX', '1111': 'UNCRSKBX',
  '3000': 'SLZBSKBA', '3100': 'LUBASKBX', '5200': 'OTPVSKBX', '5600': 'KOMASK2X', '5900': 'PRVASKBA',
  '6500': 'POBNSKBA', '7300': 'INGBSKBX', '7500': 'CEKOSKBX', '7930': 'WUSTSKBA', '8050': 'COBASKBX',
  '8100': 'KOMBSKBA', '8120': 'BSLOSK22', '8130': 'CITISKBA', '8160': 'EXSKSKBX', '8170': 'KBSPSKBX',
  '8180': 'SPSRSKBA', '8191': '', '8320': 'JTBPSKBA', '8330': 'FIOZSKBA', '8360': 'BREXSKBX', '8370': 'OBKLSKBA',
  '8390': '', '8410': 'RIDBSKBX', '8420': 'BFKKSKBB', '8430': 'KODBSKBX', '9950': '', '9952': 'TPAYSKBX',
};

/** the BIC the register gives a bank code ('' when none), or null for a code that is not in it */
export function bicOfBankCode(country: 'CZ' | 'SK', code: string): string | null {
  const table = country === 'CZ' ? CZ_BANK_CODES : SK_BANK_CODES;
  return Object.hasOwn(table, code) ? table[code]! : null;
}

/** IBAN lengths per country (SWIFT's IBAN registry) */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22,
  GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30,
  KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20,
  MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};
