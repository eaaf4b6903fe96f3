import type { QuoteProblem } from '../../../lib/types/quote';
import { formatMoney, formatNumber as formatSiteNumber } from '../../../lib/format';
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
  'NOT_ORDERABLE_ONLINE',
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
  NOT_ORDERABLE_ONLINE: {
    cs: 'Tohoto dopravce u nás zatím nelze objednat online; cena je jen pro srovnání.',
    en: 'This carrier cannot be ordered online with us yet; the price is for comparison only.',
  },
};

const SK_UNAVAILABLE = 'Služba nie je pre zadané parametre zásielky dostupná.';
const ES_UNAVAILABLE = 'El servicio no está disponible para los datos del envío indicados.';
/** the partial languages (spec §1): the Slovak site's comparison in Slovak, the Spanish one in Spanish */
const PARTIAL_TEXTS: Record<'sk' | 'es', Record<ProblemCode, string>> = {
  sk: {
    ROUTE_NOT_SERVED: 'Prepravca túto trasu neobsluhuje.',
    PACKAGE_TYPE_NOT_SUPPORTED: 'Prepravca tento typ zásielky neprepravuje.',
    TOO_MANY_PACKAGES: 'Služba prepraví najviac {max} balíkov v jednej zásielke.',
    WEIGHT_LIMIT_EXCEEDED: 'Maximálna hmotnosť jedného balíka je {max} kg.',
    DIMENSIONS_LIMIT_EXCEEDED: 'Najdlhšia strana balíka môže merať najviac {max} cm.',
    GIRTH_LIMIT_EXCEEDED: 'Dĺžka a obvod balíka môžu spolu merať najviac {max} cm.',
    COD_NOT_AVAILABLE: 'Dobierka nie je pri tejto službe na tejto trase dostupná.',
    COD_LIMIT_EXCEEDED: 'Dobierka môže byť najviac {max}.',
    INSURANCE_LIMIT_EXCEEDED: 'Zásielku je možné poistiť najviac na {max}.',
    HDF_NOT_AVAILABLE: 'Služba HDF nie je pri tejto službe dostupná.',
    PRICE_UNAVAILABLE: SK_UNAVAILABLE,
    CARRIER_UNAVAILABLE: SK_UNAVAILABLE,
    INTERNAL_ERROR: 'Cenu tejto služby sa pre chybu na našej strane nepodarilo vypočítať. Chybu sme zaznamenali.',
    NOT_ORDERABLE_ONLINE: 'Tohto prepravcu u nás zatiaľ nie je možné objednať online; cena je len na porovnanie.',
  },
  es: {
    ROUTE_NOT_SERVED: 'El transportista no cubre esta ruta.',
    PACKAGE_TYPE_NOT_SUPPORTED: 'El transportista no transporta este tipo de envío.',
    TOO_MANY_PACKAGES: 'El servicio transporta como máximo {max} paquetes por envío.',
    WEIGHT_LIMIT_EXCEEDED: 'El peso máximo de un paquete es {max} kg.',
    DIMENSIONS_LIMIT_EXCEEDED: 'El lado más largo de un paquete puede medir como máximo {max} cm.',
    GIRTH_LIMIT_EXCEEDED: 'El largo más el contorno de un paquete pueden medir como máximo {max} cm.',
    COD_NOT_AVAILABLE: 'El contra reembolso no está disponible con este servicio en esta ruta.',
    COD_LIMIT_EXCEEDED: 'El contra reembolso puede ser como máximo {max}.',
    INSURANCE_LIMIT_EXCEEDED: 'El envío se puede asegurar como máximo por {max}.',
    HDF_NOT_AVAILABLE: 'El servicio HDF no está disponible con este servicio.',
    PRICE_UNAVAILABLE: ES_UNAVAILABLE,
    CARRIER_UNAVAILABLE: ES_UNAVAILABLE,
    INTERNAL_ERROR: 'No pudimos calcular el precio de este servicio por un error nuestro. Hemos registrado el error.',
    NOT_ORDERABLE_ONLINE: 'Este transportista todavía no se puede pedir en línea con nosotros; el precio es solo orientativo.',
  },
};

export function problem(code: ProblemCode, language: Language, field?: string, params: Params = {}): QuoteProblem {
  const localized = language === 'sk' || language === 'es' ? PARTIAL_TEXTS[language][code] : TEXTS[code][language === 'en' ? 'en' : 'cs'];
  const text = localized.replace('{max}', params.max ?? '');
  return field ? { code, message: text, field } : { code, message: text };
}

/** The site's formats (src/lib/format.ts), so a limit in a message reads like every other number of the page. */
export const formatNumber = (value: number, language: Language) => formatSiteNumber(value, language);

export const formatAmount = (value: number, currency: string, language: Language) => formatMoney(value, currency, language, { round: true });
