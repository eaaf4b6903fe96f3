/**
 * Limits of one CSV import. The page refuses a file above them with the limit in words,
 * before reading it whole; the origin refuses a pricing call above MAX_IMPORT_ROWS.
 */

/** bytes of a file (2 MB: a thousand full rows take about 300 kB) */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** shipment rows of one import, the header not counted */
export const MAX_IMPORT_ROWS = 1000;
/** columns of the header */
export const MAX_IMPORT_COLUMNS = 60;
/** rows the page sends to POST v1/import/price at once (the API's JSON bodies are at most 256 kB) */
export const PRICE_BATCH_ROWS = 100;
