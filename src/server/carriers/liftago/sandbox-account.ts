/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const LIFTAGO_SANDBOX_PARTNER = 'sandbox-partner';
export const LIFTAGO_SANDBOX_TOKEN = 'sandbox-liftago-token';
