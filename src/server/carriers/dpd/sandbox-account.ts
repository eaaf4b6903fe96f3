/** the sandbox account the product's client uses locally (kept apart from the sandbox, which is loaded only when first called) */
export const DPD_SANDBOX = {
  cz: { apiToken: 'sandbox-dpd-cz-token', customerId: 'SBXCZ01', senderAddressId: '100200', depot: '1381' },
  sk: { apiKey: 'sandbox-dpd-sk-key', email: 'api@sandbox.dpd.sk', delisId: 'SBXSK01', addressId: '300400', bankAccountId: '55', depot: '0202' },
} as const;
