/**
 * The quote form as URL query parameters, so that it works as a plain GET form without
 * JavaScript and a comparison can be linked: fc/fz/fcity (from), tc/tz/tcity (to) and per
 * package repeated pt, w, l, wi, h.
 */
export const QUOTE_QUERY = { fromCountry: 'fc', fromZip: 'fz', fromCity: 'fcity', toCountry: 'tc', toZip: 'tz', toCity: 'tcity', type: 'pt', weight: 'w', length: 'l', width: 'wi', height: 'h' } as const;
