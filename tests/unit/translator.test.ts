import { describe, expect, it } from 'vitest';
import { getIntl, pickMessages, translator, type IntlLocale, type MessageId } from '../../src/i18n';

const LOCALES: IntlLocale[] = ['cs', 'en', 'sk', 'es'];

describe('the server translator', () => {
  it.each(LOCALES)('formats every %s message as @formatjs/intl does (plain texts, placeholders and plurals)', (locale) => {
    const t = translator(locale);
    const intl = getIntl(locale);
    const messages = pickMessages(locale, ['']);
    let placeholders = 0;
    for (const [id, text] of Object.entries(messages)) {
      // every placeholder the message names, with a number (plurals) or a word in it
      const names = [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]!);
      for (const value of [1, 3, 7]) {
        const values = names.length ? Object.fromEntries(names.map((n) => [n, value])) : undefined;
        expect(t(id as MessageId, values), `${locale} ${id} with ${value}`).toBe(intl.formatMessage({ id }, values));
      }
      if (names.length) placeholders++;
    }
    expect(placeholders).toBeGreaterThan(10);
  });

  it('falls back as formatMessage does for a missing value and an unknown id', () => {
    const t = translator('cs');
    const intl = getIntl('cs');
    expect(t('client.overview.monthOrders' as MessageId)).toBe(intl.formatMessage({ id: 'client.overview.monthOrders' }));
    expect(t('no.such.message' as MessageId)).toBe('no.such.message');
  });

  it('picks the same messages for the same prefixes once', () => {
    expect(pickMessages('en', ['nav.'])).toBe(pickMessages('en', ['nav.']));
    expect(Object.keys(pickMessages('en', ['nav.'])).every((k) => k.startsWith('nav.'))).toBe(true);
  });
});
