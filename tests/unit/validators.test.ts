import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CZ_BANK_CODES } from '../../src/lib/bank-codes';
import {
  czechAccountToIban,
  displayZip,
  isValidBankCode,
  isValidCzechAccountNumber,
  isValidCzechBankAccount,
  isValidDicCz,
  isValidEmail,
  isValidEori,
  isValidIban,
  isValidIcDphSk,
  isValidIco,
  isValidPhone,
  isValidVariableSymbol,
  isValidVatin,
  isValidZip,
  isValidZipFormat,
  isZipOfCountry,
  normalizePhone,
  normalizeZip,
  parseDecimal,
  trackingNumberError,
} from '../../src/lib/validators';

describe('parseDecimal', () => {
  it('reads a decimal comma or point and spaces between thousands', () => {
    expect(parseDecimal('1 234,5')).toBe(1234.5);
    expect(parseDecimal('1234.5')).toBe(1234.5);
    expect(parseDecimal('\u00A02,5 ')).toBe(2.5);
    expect(parseDecimal(3)).toBe(3);
  });
  it('rejects what is not one number', () => {
    for (const input of ['', ' ', 'abc', '1,2,3', '1.2.3', '2kg', ',5', Number.NaN]) expect(parseDecimal(input)).toBeNull();
  });
});

describe('PSČ', () => {
  it('accepts NNNNN and NNN NN', () => {
    expect(isValidZip('11000', 'CZ')).toBe(true);
    expect(isValidZip('110 00', 'cz')).toBe(true);
    expect(isValidZip('811 04', 'SK')).toBe(true);
    expect(isValidZip('040 01', 'sk')).toBe(true);
  });
  it('rejects other shapes', () => {
    for (const zip of ['1100', '110000', '11 000', '110  00', 'ABCDE', '']) expect(isValidZipFormat(zip, 'CZ')).toBe(false);
  });
  it('catches a Czech code for Slovakia and the other way round', () => {
    expect(isValidZipFormat('11000', 'SK')).toBe(true);
    expect(isZipOfCountry('11000', 'SK')).toBe(false);
    expect(isValidZip('81104', 'CZ')).toBe(false);
    expect(isValidZip('04001', 'CZ')).toBe(false);
    expect(isValidZip('90101', 'SK')).toBe(true);
    expect(isValidZip('80000', 'CZ')).toBe(false);
  });
  it('accepts other countries loosely', () => {
    expect(isValidZip('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidZip('10115', 'de')).toBe(true);
    expect(isValidZip('!', 'de')).toBe(false);
  });
  it('normalizes to NNNNN and displays NNN NN', () => {
    expect(normalizeZip(' 110 00 ', 'CZ')).toBe('11000');
    expect(displayZip('11000', 'cz')).toBe('110 00');
    expect(displayZip('110 00', 'CZ')).toBe('110 00');
    expect(displayZip('SW1A 1AA', 'GB')).toBe('SW1A 1AA');
  });
});

describe('IČO', () => {
  it('accepts the DOMAIN example and padded short numbers', () => {
    expect(isValidIco('26765799')).toBe(true);
    expect(isValidIco('25596641')).toBe(true);
    expect(isValidIco('6947')).toBe(true);
    expect(isValidIco('00006947')).toBe(true);
    expect(isValidIco('6948')).toBe(false);
  });
  it('uses check digit 1 when the remainder is 0 and 0 when it is 1', () => {
    // 0000000: sum 0 → remainder 0 → check 1
    expect(isValidIco('00000001')).toBe(true);
    expect(isValidIco('00000000')).toBe(false);
    // 0000006: sum 12 → remainder 1 → check 0
    expect(isValidIco('00000060')).toBe(true);
    expect(isValidIco('00000061')).toBe(false);
  });
  it('rejects a wrong check digit, letters and too many digits', () => {
    expect(isValidIco('26765798')).toBe(false);
    expect(isValidIco('2676579A')).toBe(false);
    expect(isValidIco('126765799')).toBe(false);
    expect(isValidIco('')).toBe(false);
  });
  it('accepts exactly one check digit for every 7-digit stem', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), (stem) => {
        const valid = Array.from({ length: 10 }, (_, d) => isValidIco(stem + d)).filter(Boolean);
        return valid.length === 1;
      }),
    );
  });
});

describe('DIČ CZ and IČ DPH SK', () => {
  it('accepts CZ + IČO', () => {
    expect(isValidDicCz('CZ26765799')).toBe(true);
    expect(isValidDicCz('cz 26765799')).toBe(true);
    expect(isValidDicCz('CZ26765798')).toBe(false);
  });
  it('accepts CZ + birth number: 10 digits divisible by 11, or 9 digits', () => {
    expect(isValidDicCz('CZ7103192745')).toBe(true);
    expect(isValidDicCz('CZ8001010008')).toBe(false);
    expect(isValidDicCz('CZ7552240013')).toBe(false);
    expect(isValidDicCz('CZ530101123')).toBe(true);
  });
  it('accepts a legacy birth number whose first nine digits leave 10', () => {
    // 780123354 mod 11 = 10 → check digit written as 0; 7801233540 itself is not divisible by 11
    expect(isValidDicCz('CZ7801233540')).toBe(true);
    expect(isValidDicCz('CZ7801233541')).toBe(false);
  });
  it('rejects other shapes', () => {
    for (const dic of ['26765799', 'SK26765799', 'CZ1234567', 'CZ12345678901']) expect(isValidDicCz(dic)).toBe(false);
  });
  it('checks IČ DPH SK like DOMAIN.md', () => {
    expect(isValidIcDphSk('SK2022749619')).toBe(true);
    expect(isValidIcDphSk('sk 2022749619')).toBe(true);
    expect(isValidIcDphSk('SK2022749618')).toBe(false);
    // 2002749617 is divisible by 11 but its third digit is 0
    expect(isValidIcDphSk('SK2002749617')).toBe(false);
    expect(isValidIcDphSk('SK0222749619')).toBe(false);
  });
  it('picks the check by country for a VAT id', () => {
    expect(isValidVatin('CZ26765799', 'cz')).toBe(true);
    expect(isValidVatin('SK2022749619', 'SK')).toBe(true);
    expect(isValidVatin('SK2022749619', 'CZ')).toBe(false);
    expect(isValidVatin('DE123456789', 'de')).toBe(true);
    expect(isValidVatin('123', 'de')).toBe(false);
  });
});

describe('Czech bank account', () => {
  it('accepts the DOMAIN examples', () => {
    expect(isValidCzechBankAccount('34278-0727558021/0100')).toBe(true);
    expect(isValidCzechBankAccount('19-2000145399/0800')).toBe(true);
    expect(isValidCzechAccountNumber('2000145399')).toBe(true);
  });
  it('checks prefix and number separately with weights 6,3,7,9,10,5,8,4,2,1', () => {
    expect(isValidCzechBankAccount('34278-0727558022/0100')).toBe(false);
    expect(isValidCzechBankAccount('34279-0727558021/0100')).toBe(false);
    expect(isValidCzechAccountNumber('18-2000145399')).toBe(false);
  });
  it('needs a 4-digit bank code and well-formed parts', () => {
    expect(isValidCzechBankAccount('19-2000145399')).toBe(false);
    expect(isValidCzechBankAccount('19-2000145399/080')).toBe(false);
    expect(isValidCzechBankAccount('1234567-2000145399/0800')).toBe(false);
    expect(isValidCzechBankAccount('19-2000145399/0800/1')).toBe(false);
    expect(isValidCzechAccountNumber('0000000000')).toBe(false);
    expect(isValidBankCode('0800')).toBe(true);
    expect(isValidBankCode('800')).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts valid CZ and SK IBANs with or without spaces', () => {
    expect(isValidIban('CZ65 0800 0000 1920 0014 5399')).toBe(true);
    expect(isValidIban('cz6508000000192000145399')).toBe(true);
    expect(isValidIban('SK6802000000001987426388')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });
  it('rejects a wrong check and a CZ/SK length other than 24', () => {
    expect(isValidIban('CZ6608000000192000145399')).toBe(false);
    expect(isValidIban('CZ650800000019200014539')).toBe(false);
    expect(isValidIban('123')).toBe(false);
  });
  it('builds the IBAN of a Czech account', () => {
    expect(czechAccountToIban('19-2000145399', '0800')).toBe('CZ6508000000192000145399');
    expect(czechAccountToIban('18-2000145399', '0800')).toBeNull();
  });
  it('gives valid IBANs for every valid Czech account', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.constantFrom(...Object.keys(CZ_BANK_CODES)), (number, bank) => {
        const iban = czechAccountToIban(number, bank);
        return iban === null ? !isValidCzechAccountNumber(number) : isValidIban(iban) && iban.length === 24;
      }),
    );
  });
});

describe('variable symbol', () => {
  it('allows up to 10 digits or nothing', () => {
    expect(isValidVariableSymbol('')).toBe(true);
    expect(isValidVariableSymbol('1234567890')).toBe(true);
    expect(isValidVariableSymbol('12345678901')).toBe(false);
    expect(isValidVariableSymbol('12A')).toBe(false);
  });
});

describe('phone', () => {
  it('needs 9 digits after +420 and +421', () => {
    expect(isValidPhone({ prefix: '+420', number: '777 123 456' })).toBe(true);
    expect(isValidPhone({ prefix: '420', number: '777123456' })).toBe(true);
    expect(isValidPhone({ prefix: '+420', number: '77712345' })).toBe(false);
    expect(isValidPhone({ prefix: '+421', number: '9051234567' })).toBe(false);
  });
  it('drops the Slovak trunk 0', () => {
    expect(normalizePhone({ prefix: '+421', number: '0905 123 456' })).toBe('+421905123456');
  });
  it('allows 6-14 digits for other countries', () => {
    expect(isValidPhone({ prefix: '+49', number: '301234' })).toBe(true);
    expect(isValidPhone({ prefix: '+49', number: '30123' })).toBe(false);
    expect(isValidPhone({ prefix: '+1', number: '2025550123' })).toBe(true);
    expect(isValidPhone({ prefix: '+1', number: '123456789012345' })).toBe(false);
  });
  it('rejects letters and a missing prefix', () => {
    expect(isValidPhone({ prefix: '+420', number: '777 12a 456' })).toBe(false);
    expect(isValidPhone({ prefix: '', number: '777123456' })).toBe(false);
  });
  it('normalizes to E.164', () => {
    expect(normalizePhone({ prefix: '+420', number: '777-123-456' })).toBe('+420777123456');
    expect(normalizePhone({ prefix: '+420', number: '123' })).toBeNull();
  });
});

describe('e-mail and EORI', () => {
  it('checks e-mail addresses', () => {
    expect(isValidEmail('jan.novak@example.cz')).toBe(true);
    expect(isValidEmail(' jan+x@mail.example.com ')).toBe(true);
    for (const email of ['', 'jan', 'jan@', 'jan@example', 'jan novak@example.cz', 'a@b.c', 'jan@@example.cz']) {
      expect(isValidEmail(email)).toBe(false);
    }
  });
  it('checks EORI: country code + up to 15 alphanumerics', () => {
    expect(isValidEori('CZ26765799')).toBe(true);
    expect(isValidEori('de 123456789012345')).toBe(true);
    expect(isValidEori('DE1234567890123456')).toBe(false);
    expect(isValidEori('12345678')).toBe(false);
  });
});

describe('tracking number', () => {
  it('requires a value', () => {
    expect(trackingNumberError('')).toBe('required');
    expect(trackingNumberError('   ')).toBe('required');
  });
  it('refuses order numbers starting OP', () => {
    expect(trackingNumberError('OP1234567890')).toBe('invalid_number_op');
    expect(trackingNumberError('op12')).toBe('invalid_number_op');
  });
  it('needs exactly 12 characters starting IZ, any case', () => {
    expect(trackingNumberError('IZ1234567890')).toBeNull();
    expect(trackingNumberError(' iz1234567890 ')).toBeNull();
    expect(trackingNumberError('IZ123456789')).toBe('invalid_number');
    expect(trackingNumberError('IZ12345678901')).toBe('invalid_number');
    expect(trackingNumberError('XZ1234567890')).toBe('invalid_number');
  });
});

describe('rules the mutation run asked for', () => {
  it('reads a number with a thousands space and a decimal comma, a minus, and no infinite number', () => {
    expect(parseDecimal('1 234,56')).toBe(1234.56);
    expect(parseDecimal('-1,5')).toBe(-1.5);
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal('1,5x')).toBeNull();
    expect(parseDecimal('x1,5')).toBeNull();
  });
  it('refuses an IBAN of the wrong length for its country even when its mod 97 check passes', () => {
    expect(isValidIban('CZ340800000019200014539')).toBe(false); // 23 characters
    expect(isValidIban('CZ09080000001920001453991')).toBe(false); // 25 characters
    expect(isValidIban('DE148937040044053201300')).toBe(false); // 23 of Germany's 22
  });
  it('holds an international number to 15 digits with its calling code, and a calling code to 1-4 digits not starting with 0', () => {
    expect(isValidPhone({ prefix: '+1', number: '12345678901234' })).toBe(true); // 1 + 14
    expect(isValidPhone({ prefix: '+49', number: '12345678901234' })).toBe(false); // 2 + 14
    expect(isValidPhone({ prefix: '+49', number: '1234567890123' })).toBe(true);
    expect(isValidPhone({ prefix: '+1234', number: '123456' })).toBe(true);
    expect(isValidPhone({ prefix: '+12345', number: '123456' })).toBe(false);
    expect(isValidPhone({ prefix: '+0', number: '123456' })).toBe(false);
    expect(isValidPhone({ prefix: '+420', number: '0777123456' })).toBe(true);
    expect(isValidPhone({ prefix: '+420', number: '7771234567' })).toBe(false);
  });
  it('tells Czech postcodes (first digit 1-7) from Slovak ones (0, 8, 9), and spaces them as 3 + 2 only there', () => {
    for (const first of '1234567') expect([first, isZipOfCountry(`${first}0000`, ' cz '), isZipOfCountry(`${first}0000`, 'sk')]).toEqual([first, true, false]);
    for (const first of '089') expect([first, isZipOfCountry(`${first}0000`, 'CZ'), isZipOfCountry(`${first}0000`, 'Sk')]).toEqual([first, false, true]);
    expect(isZipOfCountry('0000', 'de')).toBe(true);
    expect(normalizeZip(' 811 04 ', 'sk')).toBe('81104');
    expect(normalizeZip(' SW1A 1AA ', 'gb')).toBe('SW1A 1AA');
    expect(displayZip('81104', 'sk')).toBe('811 04');
    expect(displayZip('10115', 'de')).toBe('10115');
    expect(displayZip('1100', 'cz')).toBe('1100');
  });
});
