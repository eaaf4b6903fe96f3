/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const FEDEX_SANDBOX_ACCOUNT = '740561073';
export const FEDEX_SANDBOX_CLIENT_ID = 'sandbox-fedex-api-key';
export const FEDEX_SANDBOX_CLIENT_SECRET = 'sandbox-fedex-secret-key';
