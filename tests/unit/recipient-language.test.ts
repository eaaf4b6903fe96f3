import { describe, expect, it } from 'vitest';
import { contentLanguageOf, pathLocaleOf } from '../../src/lib/language';
import { recipientLanguage, territoryOfMail } from '../../src/server/mail/recipient-language';

describe('recipient e-mail language (issue 26)', () => {
  it('is the recipient country language unless the sender language is one the country uses', () => {
    expect(recipientLanguage('cs', 'SK')).toBe('sk');
    expect(recipientLanguage('en', 'sk')).toBe('sk');
    expect(recipientLanguage('sk', 'SK')).toBe('sk');
    expect(recipientLanguage('sk', 'CZ')).toBe('cs');
    expect(recipientLanguage('en', 'CZ')).toBe('cs');
    expect(recipientLanguage('cs', 'CZ')).toBe('cs');
    expect(recipientLanguage('cs', 'DE')).toBe('en');
    expect(recipientLanguage('sk', 'AT')).toBe('en');
    expect(recipientLanguage('en', 'GB')).toBe('en');
    expect(recipientLanguage('cs', 'GB')).toBe('en');
  });

  it('links a Slovak mail to the Slovak host and a Czech one to the Czech host', () => {
    expect(territoryOfMail('sk', 'cz')).toBe('sk');
    expect(territoryOfMail('cs', 'sk')).toBe('cz');
    expect(territoryOfMail('en', 'sk')).toBe('sk');
    expect(pathLocaleOf('sk')).toBe('cs');
    expect(pathLocaleOf('en')).toBe('en');
    expect(contentLanguageOf('sk')).toBe('sk');
    expect(contentLanguageOf('es')).toBe('cs');
  });
});
