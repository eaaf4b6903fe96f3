/** Customs invoices uploaded in the customs step (issue 14): shared by the origin and the client. */

/** the upload endpoint (POST, multipart `file`) and its files (DELETE …/:id) */
export const CUSTOMS_INVOICE_PATH = '/api/v1/shipments/customs-invoice';
/** R2 keys: customs-invoices/<id>; an ordered file has a marker customs-invoices/<id>.order */
export const CUSTOMS_INVOICE_PREFIX = 'customs-invoices/';
/** an id the endpoint gives out: 32 hex digits */
export const CUSTOMS_INVOICE_ID = /^[0-9a-f]{32}$/;
/** at most this many own invoice files per shipment (the §7 invoice_files limit) */
export const MAX_CUSTOMS_INVOICE_FILES = 10;
/** the cookie that identifies a signed-out browser as the owner of its uploads */
export const ANONYMOUS_ID_COOKIE = 'zslt_anonymous_id';
