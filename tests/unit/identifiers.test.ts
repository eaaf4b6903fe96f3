import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CZ_BANK_CODES, IBAN_LENGTHS, SK_BANK_CODES, bicOfBankCode } from '../../src/lib/bank-codes';
import { RegisterSchema } from '../../src/lib/schemas/account';
import { issueErrors } from '../../src/lib/form-errors';
import {
  bicOfIban,
  displayIban,
  displayPhone,
  dicMatchesIcDph,
  dicMatchesIco,
  isValidBankCode,
  isValidCzechBankAccount,
  isValidCzechBirthNumber,
  isValidDicCz,
  isValidDicSk,
  isValidIban,
} from '../../src/lib/validators';
import { SHOP_ACCOUNTS } from '../../src/server/payments/bank/account';

/*
 * Reference values computed here, independently of src/lib/validators.ts, from the
 * documented algorithms: the birth number of zákon č. 133/2000 Sb. § 13 (python-stdnum's
 * cz.rc), IBAN's ISO 13616 mod 97 with BigInt, the Czech account weights of vyhláška ČNB
 * č. 169/2011 Sb.
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** a birth number for a date and serial, with the check digit the law gives (10 digits from 1954) */
function birthNumber(date: Date, serial: number, woman: boolean, overflow = false): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1 + (woman ? 50 : 0) + (overflow ? 20 : 0);
  const first9 = `${pad(year % 100, 2)}${pad(month, 2)}${pad(date.getUTCDate(), 2)}${pad(serial, 3)}`;
  const remainder = Number(BigInt(first9) % 11n);
  return `${first9}${year < 1985 ? remainder % 10 : remainder}`;
}

const ibanOk = (iban: string) => BigInt((iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
const withCheck = (country: string, bban: string) => {
  const check = 98n - (BigInt(`${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n);
  return `${country}${pad(Number(check), 2)}${bban}`;
};
const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];
const accountOk = (digits: string) => digits.padStart(10, '0').split('').reduce((sum, d, i) => sum + Number(d) * WEIGHTS[i]!, 0) % 11 === 0;

const dates = (from: string, to: string) => fc.date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true });

describe('a Czech DIČ is checked as the Czech rules check it', () => {
  it('accepts a birth number of a real date with the check digit the law gives, and refuses it with any other', () => {
    fc.assert(
      fc.property(dates('1954-01-01', '2053-12-31'), fc.integer({ min: 0, max: 999 }), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 9 }), (date, serial, woman, overflow, shift) => {
        const number = birthNumber(date, serial, woman, overflow && date.getUTCFullYear() >= 2004);
        const check = Number(number[9]);
        if (Number(BigInt(number.slice(0, 9)) % 11n) === 10 && date.getUTCFullYear() >= 1985) return true; // no valid number with this serial
        const wrong = `${number.slice(0, 9)}${(check + shift) % 10}`;
        return isValidCzechBirthNumber(number) && isValidDicCz(`CZ${number}`) && !isValidCzechBirthNumber(wrong);
      }),
    );
  });

  it('refuses a birth number whose date does not exist (day 00, 30 February, month 13)', () => {
    expect(isValidDicCz('CZ0161003535')).toBe(false);
    expect(isValidCzechBirthNumber('0102300000')).toBe(false);
    expect(isValidCzechBirthNumber('0113010000')).toBe(false);
  });

  it('refuses a nine-digit birth number after 1953 and accepts one before', () => {
    expect(isValidDicCz('CZ540101123')).toBe(false);
    expect(isValidDicCz('CZ530101123')).toBe(true);
  });

  it('refuses check digit 0 for a remainder of 10 after 1985, and accepts it before', () => {
    expect(isValidDicCz('CZ0730271180')).toBe(false);
    // 1980: the first nine digits leave 10, written as 0
    const before = fc.sample(fc.integer({ min: 0, max: 999 }), 1000).map((serial) => `800101${pad(serial, 3)}`).find((first9) => Number(first9) % 11 === 10)!;
    expect(isValidDicCz(`CZ${before}0`)).toBe(true);
  });

  it('refuses an eight-digit DIČ starting with 9 and one whose IČO check digit fails', () => {
    expect(isValidDicCz('CZ97538272')).toBe(false);
    expect(isValidDicCz('CZ25123891')).toBe(true);
    expect(isValidDicCz('CZ25123890')).toBe(false);
  });

  it('checks a special nine-digit number starting with 6 by its own check digit', () => {
    expect(isValidDicCz('CZ640903926')).toBe(true);
    expect(isValidDicCz('CZ621593440')).toBe(false);
  });

  it("takes a legal entity's eight-digit DIČ only with its own IČO", () => {
    expect(dicMatchesIco('CZ26765799', '27082440')).toBe(false);
    expect(dicMatchesIco('CZ26765799', '26765799')).toBe(true);
    expect(dicMatchesIco('CZ7103192745', '27082440')).toBe(true);
    const business = { segment: 'B', email: 'firma@example.cz', password: 'dlouheheslo', firstname: 'Jan', surname: 'Novák', phone: '777123456', terms: true, company: 'Firma s.r.o.', ico: '27082440', dic: 'CZ26765799', street: 'Hlavní 1', city: 'Praha', zip: '11000', country: 'cz' };
    const result = v.safeParse(RegisterSchema, business);
    expect(result.success ? {} : issueErrors(result.issues)).toEqual({ dic: 'validation.dic_ico' });
    expect(v.safeParse(RegisterSchema, { ...business, dic: 'CZ27082440' }).success).toBe(true);
  });
});

describe('a Slovak DIČ is checked mod 11 and against the IČ DPH', () => {
  it('accepts ten digits divisible by 11 and nothing else', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (digits) => isValidDicSk(digits) === (digits[0] !== '0' && BigInt(digits) % 11n === 0n)));
    expect(isValidDicSk('1000000000')).toBe(false);
    expect(isValidDicSk('2022749619')).toBe(true);
  });

  it('wants the IČ DPH to be SK and the DIČ when both are given', () => {
    expect(dicMatchesIcDph('2022749619', 'SK2022749619')).toBe(true);
    expect(dicMatchesIcDph('2022749619', 'SK2120046819')).toBe(false);
    expect(dicMatchesIcDph('', 'SK2120046819')).toBe(true);
  });
});

describe('an IBAN is checked against its country and, for CZ and SK, the account in it', () => {
  it('refuses unknown countries and wrong national lengths', () => {
    expect(isValidIban('XX9231112000212661314079')).toBe(false);
    expect(isValidIban('DE6548501445253371930698')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });

  it('refuses a CZ IBAN whose bank code or account fails, though mod 97 passes', () => {
    expect(ibanOk('CZ7272955777345206809020')).toBe(true);
    expect(isValidIban('CZ7272955777345206809020')).toBe(false);
  });

  it('agrees with the reference on CZ and SK IBANs built from any bank code and account digits', () => {
    fc.assert(
      fc.property(fc.constantFrom('CZ', 'SK'), fc.stringMatching(/^\d{4}$/), fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{10}$/), (country, bank, prefix, number) => {
        const iban = withCheck(country, `${bank}${prefix}${number}`);
        const codes = country === 'CZ' ? CZ_BANK_CODES : SK_BANK_CODES;
        const expected = ibanOk(iban) && Object.hasOwn(codes, bank) && accountOk(prefix) && accountOk(number) && Number(number) !== 0;
        return isValidIban(iban) === expected;
      }),
    );
  });

  it('agrees with the reference on any country and length', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(IBAN_LENGTHS), 'XX', 'QQ'), fc.integer({ min: 11, max: 30 }), fc.nat(), (country, length, seed) => {
        if (country === 'CZ' || country === 'SK') return true;
        const bban = fc.sample(fc.stringMatching(new RegExp(`^\\d{${length}}$`)), { numRuns: 1, seed })[0]!;
        const iban = withCheck(country, bban);
        return isValidIban(iban) === (IBAN_LENGTHS[country] === iban.length);
      }),
    );
  });
});

describe('a Czech bank code is one the Czech National Bank registers', () => {
  it('refuses a code outside the register', () => {
    expect(isValidBankCode('4248')).toBe(false);
    expect(isValidCzechBankAccount('19/4248')).toBe(false);
    expect(isValidCzechBankAccount('19/0800')).toBe(true);
    expect(isValidBankCode('2010')).toBe(true);
  });

  it("derives the shop accounts' BIC from their IBAN's bank code, in Czechia and Slovakia", () => {
    expect(bicOfIban(SHOP_ACCOUNTS.cz.iban)).toBe(SHOP_ACCOUNTS.cz.bic);
    expect(bicOfIban(SHOP_ACCOUNTS.sk.iban)).toBe(SHOP_ACCOUNTS.sk.bic);
    expect(bicOfBankCode('SK', '1200')).toBeNull();
    expect(bicOfBankCode('SK', '0200')).toBe('SUBASKBX');
  });
});

describe('values print in one format', () => {
  it('prints Czech and Slovak phones in threes after the country code, and others as given', () => {
    expect(displayPhone('+420777123456')).toBe('+420 777 123 456');
    expect(displayPhone('+421 905123456')).toBe('+421 905 123 456');
    expect(displayPhone('+49 30 1234567')).toBe('+49 30 1234567');
    expect(displayPhone(null)).toBe('');
  });

  it('prints an IBAN in groups of four', () => {
    expect(displayIban('CZ6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399');
    expect(displayIban('sk68 0200 0000 0019 8742 6388')).toBe('SK68 0200 0000 0019 8742 6388');
  });
});
