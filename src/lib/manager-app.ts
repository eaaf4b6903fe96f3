/**
 * The separate shipment-manager application of business users with a contract (spec §1
 * {host}). Its host is not configured per environment yet (none runs locally), so the
 * links point at this production address and are labelled as leading to another app.
 */
export const MANAGER_APP_URL = 'https://manager.zasilkovac.cz';
