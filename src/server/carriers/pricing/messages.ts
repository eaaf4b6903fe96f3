import type { QuoteProblem } from '../../../lib/types/quote';
import type { Language } from '../../../lib/language';

/** Restriction and error texts of a quote. The client translates the code when it knows it; cs is the fallback. */
export const PROBLEM_CODES = [
  'ROUTE_NOT_SERVED',
  'PACKAGE_TYPE_NOT_SUPPORTED',
  'TOO_MANY_PACKAGES',
  'WEIGHT_LIMIT_EXCEEDED',
  'DIMENSIONS_LIMIT_EXCEEDED',
  'GIRTH_LIMIT_EXCEEDED',
  'COD_NOT_AVAILABLE',
  'COD_LIMIT_EXCEEDED',
  'INSURANCE_LIMIT_EXCEEDED',
  'HDF_NOT_AVAILABLE',
  'PRICE_UNAVAILABLE',
  'CARRIER_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

type Params = { max?: string };

const UNAVAILABLE = {
  cs: 'Služba není pro zadané parametry zásilky dostupná.',
  en: 'The service is not available for the given shipment parameters.',
};

const TEXTS: Record<ProblemCode, { cs: string; en: string }> = {
  ROUTE_NOT_SERVED: { cs: 'Dopravce tuto trasu neobsluhuje.', en: 'The carrier does not serve this route.' },
  PACKAGE_TYPE_NOT_SUPPORTED: { cs: 'Dopravce tento typ zásilky nepřepravuje.', en: 'The carrier does not carry this type of shipment.' },
  TOO_MANY_PACKAGES: { cs: 'Služba přepraví nejvýše {max} balíků v jedné zásilce.', en: 'The service carries at most {max} parcels in one shipment.' },
  WEIGHT_LIMIT_EXCEEDED: { cs: 'Maximální hmotnost jednoho balíku je {max} kg.', en: 'The maximum weight of one parcel is {max} kg.' },
  DIMENSIONS_LIMIT_EXCEEDED: { cs: 'Nejdelší strana balíku může měřit nejvýše {max} cm.', en: 'The longest side of a parcel may be at most {max} cm.' },
  GIRTH_LIMIT_EXCEEDED: {
    cs: 'Délka a obvod balíku mohou dohromady měřit nejvýše {max} cm.',
    en: 'Length plus girth of a parcel may be at most {max} cm.',
  },
  COD_NOT_AVAILABLE: { cs: 'Dobírka není u této služby na této trase dostupná.', en: 'Cash on delivery is not available with this service on this route.' },
  COD_LIMIT_EXCEEDED: { cs: 'Dobírka může být nejvýše {max}.', en: 'Cash on delivery may be at most {max}.' },
  INSURANCE_LIMIT_EXCEEDED: { cs: 'Zásilku lze pojistit nejvýše na {max}.', en: 'The shipment can be insured up to {max}.' },
  HDF_NOT_AVAILABLE: { cs: 'Služba HDF není u této služby dostupná.', en: 'The HDF service is not available with this service.' },
  PRICE_UNAVAILABLE: UNAVAILABLE,
  CARRIER_UNAVAILABLE: UNAVAILABLE,
  INTERNAL_ERROR: {
    cs: 'Cenu této služby se kvůli chybě na naší straně nepodařilo spočítat. Chybu jsme zaznamenali.',
    en: 'We could not price this service because of an error on our side. The error has been recorded.',
  },
};

export function problem(code: ProblemCode, language: Language, field?: string, params: Params = {}): QuoteProblem {
  const text = TEXTS[code][language === 'en' ? 'en' : 'cs'].replace('{max}', params.max ?? '');
  return field ? { code, message: text, field } : { code, message: text };
}

const formats = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, currency?: string): Intl.NumberFormat {
  const locale = language === 'en' ? 'en-US' : 'cs-CZ';
  const key = `${locale}:${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      currency ? { style: 'currency', currency, maximumFractionDigits: 0 } : { maximumFractionDigits: 2 },
    );
    formats.set(key, format);
  }
  return format;
}

export const formatNumber = (value: number, language: Language) => formatter(language).format(value);

export const formatAmount = (value: number, currency: string, language: Language) => formatter(language, currency).format(value);
