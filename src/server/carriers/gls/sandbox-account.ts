/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const GLS_SANDBOX = {
  cz: { username: 'sandbox-gls-cz@example.cz', password: 'sandbox-gls-cz-password', clientNumber: 100000001 },
  sk: { username: 'sandbox-gls-sk@example.sk', password: 'sandbox-gls-sk-password', clientNumber: 100000002 },
} as const;
