// The edges of the identifier checks that mutation testing found unheld (docs/mutation.md).
// Crafted values: each passes every other check of its function, so only the rule named fails it.
import { describe, expect, it } from 'vitest';
import {
  bicOfIban,
  czechAccountToIban,
  dicMatchesIcDph,
  dicMatchesIco,
  displayPhone,
  displayZip,
  hasRequiredHouseNumber,
  isValidBankCode,
  isValidCzechBirthNumber,
  isValidDicCz,
  isValidDicSk,
  isValidEmail,
  isValidEori,
  isValidIban,
  isValidIcDphSk,
  isValidIco,
  isValidVariableSymbol,
  isValidVatin,
  isValidZipFormat,
  isZipOfCountry,
  looksLikeIban,
  parseCzechAccountNumber,
} from '../../src/lib/validators';

describe('postcodes', () => {
  it('a Czech or Slovak postcode is five digits even when the country code is typed with spaces or in lower case', () => {
    expect(isValidZipFormat('AB123', ' cz ')).toBe(false);
    expect(isValidZipFormat('AB123', 'CZ')).toBe(false);
    expect(isValidZipFormat('AB123', 'SK')).toBe(false);
    expect(isValidZipFormat('AB123', 'DE')).toBe(true);
  });

  it('a postcode typed with spaces around it is read without them', () => {
    expect(isValidZipFormat(' 110 00 ', 'CZ')).toBe(true);
    expect(isZipOfCountry(' 110 00', 'CZ')).toBe(true);
  });

  it('another country’s postcode starts with a letter or digit and has at most ten characters', () => {
    expect(isValidZipFormat('-1234', 'DE')).toBe(false);
    expect(isValidZipFormat('12345678901', 'DE')).toBe(false);
    expect(isValidZipFormat('1234567890', 'DE')).toBe(true);
  });

  it('only a five-digit Czech postcode is shown as 3 + 2 digits', () => {
    expect(displayZip('123456', 'CZ')).toBe('123456');
    expect(displayZip('12345', 'CZ')).toBe('123 45');
  });
});

describe('phones and house numbers', () => {
  it('a Czech number typed with spaces anywhere is shown in threes', () => {
    expect(displayPhone('+420777 123456')).toBe('+420 777 123 456');
  });

  it('a number with anything before the prefix or a digit too many is shown as typed, trimmed', () => {
    expect(displayPhone('x+420777123456')).toBe('x+420777123456');
    expect(displayPhone('+4207771234567')).toBe('+4207771234567');
    expect(displayPhone(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
  });

  it('a house number may open the street line and may be written with a slash and a space after it', () => {
    expect(hasRequiredHouseNumber('12 Hlavní', 'CZ')).toBe(true);
    expect(hasRequiredHouseNumber('Hlavní 1013/ 5', 'CZ')).toBe(true);
    expect(hasRequiredHouseNumber('Hlavní 1013/52', 'CZ')).toBe(true);
    expect(hasRequiredHouseNumber('Hlavní 1013/5b', 'CZ')).toBe(true);
  });

  it('a street line of spaces only counts as not given', () => {
    expect(hasRequiredHouseNumber('   ', 'CZ')).toBe(true);
  });
});

describe('company and personal ids', () => {
  it('an IČO has at most eight digits: a valid one with a digit added is refused', () => {
    expect(isValidIco('25596641')).toBe(true);
    expect(isValidIco('255966415')).toBe(false);
  });

  it('a birth number is nine or ten digits and nothing else', () => {
    expect(isValidCzechBirthNumber('9001010007')).toBe(true);
    expect(isValidCzechBirthNumber('90010100070')).toBe(false);
    expect(isValidCzechBirthNumber('abc')).toBe(false);
  });

  it('a nine-digit birth number with a year 80–99 belongs to the 1880s and 1890s', () => {
    expect(isValidCzechBirthNumber('800101123')).toBe(true);
  });

  it('the check digit 0 for a remainder of 10 was written until 1984, also in 1954', () => {
    expect(isValidCzechBirthNumber('5401010110')).toBe(true);
    expect(isValidCzechBirthNumber('8501010090')).toBe(false);
  });

  it('a birth number with month 00 or 13 or day 00 is refused even with a right check digit', () => {
    expect(isValidCzechBirthNumber('9000010008')).toBe(false);
    expect(isValidCzechBirthNumber('9013010006')).toBe(false);
    expect(isValidCzechBirthNumber('9001000008')).toBe(false);
  });

  it('a Czech DIČ is CZ and its number, with nothing before or after', () => {
    expect(isValidDicCz('CZ25596641')).toBe(true);
    expect(isValidDicCz('XCZ25596641')).toBe(false);
    expect(isValidDicCz('CZ90010100071')).toBe(false);
  });

  it('only a leading CZ is the DIČ’s country code, and a DIČ without an IČO matches', () => {
    expect(dicMatchesIco('12CZ345678', '87654321')).toBe(true);
    expect(dicMatchesIco('CZ25596641', '')).toBe(true);
    expect(dicMatchesIco('CZ00123456', '123456')).toBe(true);
  });

  it('a Slovak IČ DPH is SK and ten digits, with nothing before or after', () => {
    expect(isValidIcDphSk('SK2020000004')).toBe(true);
    expect(isValidIcDphSk('XSK2020000004')).toBe(false);
    expect(isValidIcDphSk('SK20200000040')).toBe(false);
  });

  it('a Slovak DIČ is exactly ten digits', () => {
    expect(isValidDicSk('2020000004')).toBe(true);
    expect(isValidDicSk('20200000040')).toBe(false);
    expect(isValidDicSk('12020000003')).toBe(false);
  });

  it('a Slovak DIČ without an IČ DPH matches', () => {
    expect(dicMatchesIcDph('2022749619', '')).toBe(true);
  });

  it('a Slovak VAT id is checked as an IČ DPH, not only by its shape', () => {
    expect(isValidVatin('SK1234567890', 'SK')).toBe(false);
    expect(isValidVatin('SK2020000004', 'SK')).toBe(true);
  });

  it('another EU VAT id is two letters and 2–13 letters or digits, nothing before or after', () => {
    expect(isValidVatin('DE123456789', 'DE')).toBe(true);
    expect(isValidVatin('D123', 'DE')).toBe(false);
    expect(isValidVatin('1DE123', 'DE')).toBe(false);
    expect(isValidVatin('DE12345678901234', 'DE')).toBe(false);
  });

  it('an EORI starts with its country’s two letters', () => {
    expect(isValidEori('CZ12345678')).toBe(true);
    expect(isValidEori('1CZ12345678')).toBe(false);
  });
});

describe('bank accounts', () => {
  it('a Czech account number is (prefix-)number and nothing around it', () => {
    expect(parseCzechAccountNumber('19-2000145399')).toEqual({ prefix: '19', number: '2000145399' });
    expect(parseCzechAccountNumber('a19-2000145399')).toBeNull();
    expect(parseCzechAccountNumber('2000145399x')).toBeNull();
  });

  it('a bank code typed with spaces is read without them', () => {
    expect(isValidBankCode(' 0800 ')).toBe(true);
    expect(czechAccountToIban('19-2000145399', ' 0800 ')).toBe('CZ6508000000192000145399');
  });

  it('an account with an unregistered bank code has no IBAN', () => {
    expect(czechAccountToIban('19-2000145399', '0001')).toBeNull();
  });

  it('a short account number is padded with zeros to ten digits in the IBAN', () => {
    expect(czechAccountToIban('86', '0800')).toBe('CZ6708000000000000000086');
  });

  it('an IBAN’s check digits are two digits (crafted IBANs that pass mod 97 otherwise)', () => {
    expect(isValidIban('GBA2WEST12345698765486')).toBe(false);
    expect(isValidIban('GB2AWEST12345698765408')).toBe(false);
  });

  it('a Czech IBAN holds digits only after its check digits, a registered bank and a non-zero number', () => {
    expect(isValidIban('CZ960800000019A000145399')).toBe(false);
    expect(isValidIban('CZ5800010000192000145399')).toBe(false);
    expect(isValidIban('CZ4708000000190000000000')).toBe(false);
    expect(isValidIban('CZ6508000000192000145399')).toBe(true);
  });

  it('a Czech IBAN that fails mod 97 has no BIC', () => {
    expect(bicOfIban('CZ6608000000192000145399')).toBeNull();
    expect(bicOfIban('CZ6508000000192000145399')).toBe('GIBACZPX');
  });

  it('an IBAN is recognised by two letters first, spaces around ignored', () => {
    expect(looksLikeIban(' cz65 0800')).toBe(true);
    expect(looksLikeIban('19CZ')).toBe(false);
    expect(looksLikeIban('C1')).toBe(false);
    expect(looksLikeIban('12')).toBe(false);
  });

  it('a variable symbol typed with spaces around is accepted', () => {
    expect(isValidVariableSymbol(' 123 ')).toBe(true);
  });
});

describe('e-mail', () => {
  it('an address ends with its top-level domain of letters', () => {
    expect(isValidEmail('jana@example.cz')).toBe(true);
    expect(isValidEmail('jana@example.cz1')).toBe(false);
  });
});
