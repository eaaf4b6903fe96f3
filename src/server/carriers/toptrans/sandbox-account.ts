/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const TOPTRANS_SANDBOX_PASSWORD = 'sandbox-toptrans-heslo';
export const TOPTRANS_SANDBOX_USERNAME = 'sandbox-toptrans';
