/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const CPOST_SANDBOX_API_TOKEN = '5a1e0c3e-7b7d-4f0e-9c1a-0b5a1b0c0a11';
export const CPOST_SANDBOX_CUSTOMER_ID = 'U999';
export const CPOST_SANDBOX_LOCATION = 1;
export const CPOST_SANDBOX_POST_CODE = '11000';
/** a secret key in Česká pošta's form (base64 text; the HMAC key is the text itself) */
export const CPOST_SANDBOX_SECRET_KEY = 'c2FuZGJveC1jcG9zdC1zZWNyZXQta2V5LW9mLXRoZS1wcm9kdWN0LXRlc3Rz';
export const ZSK_PATH = '/restservices/ZSKService/v1';
