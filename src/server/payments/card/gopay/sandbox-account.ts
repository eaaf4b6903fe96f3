/** the GoPay sandbox's account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const GOPAY_SANDBOX_CLIENT_ID = 'sandbox-gopay-client';
export const GOPAY_SANDBOX_CLIENT_SECRET = 'sandbox-gopay-secret';
/** the sandbox e-shop's GoID (GoPay's are 10 digits) */
export const GOPAY_SANDBOX_GOID = '8123456789';
