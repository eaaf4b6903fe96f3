/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const PPL_SANDBOX_CLIENT_ID = 'sandbox-ppl-client';
export const PPL_SANDBOX_CLIENT_SECRET = 'sandbox-ppl-secret';
