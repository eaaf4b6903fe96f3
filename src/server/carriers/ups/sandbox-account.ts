/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const UPS_SANDBOX_ACCOUNT = 'SBX001';
export const UPS_SANDBOX_CLIENT_ID = 'sandbox-ups-client';
export const UPS_SANDBOX_CLIENT_SECRET = 'sandbox-ups-secret';
