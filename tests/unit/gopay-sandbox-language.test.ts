import { describe, expect, it } from 'vitest';
import { sandboxPageLanguage } from '../../src/server/payments/card/gopay/sandbox';

describe('the GoPay sandbox payment page speaks the payer’s language', () => {
  it('Slovak for a payment created with lang SK (an order on the Slovak site), English for /en, else Czech', () => {
    expect(sandboxPageLanguage({ returnUrl: 'http://sk.localhost:8787/objednavka/abc', lang: 'SK' })).toBe('sk');
    expect(sandboxPageLanguage({ returnUrl: 'http://127.0.0.1:8787/objednavka/abc?lang=sk', lang: null })).toBe('sk');
    expect(sandboxPageLanguage({ returnUrl: 'http://127.0.0.1:8787/en/order/abc', lang: 'CS' })).toBe('en');
    expect(sandboxPageLanguage({ returnUrl: 'http://127.0.0.1:8787/objednavka/abc', lang: 'CS' })).toBe('cs');
  });
});
