/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const WEDO_API_PATH = '/v2';
export const WEDO_SANDBOX_KEY = 'sandbox-wedo-api-key';
export const WEDO_SANDBOX_USER = 'sandbox-wedo';
