import { decode } from 'bysquare/pay';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payBySquarePayload } from '../../src/server/payments/qr/bysquare';
import { paymentQr } from '../../src/server/payments/qr/index';
import { formatSpaydAmount, ibanFromCzechAccount, spaydPayload, spaydText } from '../../src/server/payments/qr/spayd';
import { qrMatrix, qrSvg } from '../../src/server/payments/qr/svg';

const IBAN = 'CZ6508000000192000145399';

describe('SPAYD (QR Platba)', () => {
  it('builds the exact string of the spec example', () => {
    expect(spaydPayload({ account: IBAN, amountMinor: 79950, variableSymbol: '1234567890', message: 'Zasilka' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*X-VS:1234567890*MSG:ZASILKA',
    );
  });

  it('takes a Czech account number and writes its IBAN', () => {
    expect(ibanFromCzechAccount('19-2000145399/0800')).toBe(IBAN);
    expect(ibanFromCzechAccount('CZ65 0800 0000 1920 0014 5399')).toBe(IBAN);
    expect(ibanFromCzechAccount('19-2000145398/0800')).toBeNull();
    expect(ibanFromCzechAccount('CZ66 0800 0000 1920 0014 5399')).toBeNull();
    expect(spaydPayload({ account: '19-2000145399/0800', amountMinor: 100 })).toBe(`SPD*1.0*ACC:${IBAN}*AM:1.00*CC:CZK`);
  });

  it('formats integer haléře with two decimals and a dot', () => {
    expect(formatSpaydAmount(79950)).toBe('799.50');
    expect(formatSpaydAmount(1)).toBe('0.01');
    expect(formatSpaydAmount(100)).toBe('1.00');
    expect(formatSpaydAmount(150000)).toBe('1500.00');
    expect(formatSpaydAmount(999_999_999)).toBe('9999999.99');
    for (const bad of [0, -100, 79.5, 1_000_000_000, Number.NaN]) expect(() => formatSpaydAmount(bad)).toThrow(RangeError);
  });

  it('escapes * as %2A, removes diacritics and keeps the QR alphanumeric set', () => {
    expect(spaydText('Objednávka č. 42*1', 60)).toBe('OBJEDNAVKA C. 42%2A1');
    expect(spaydText('Příliš žluťoučký kůň úpěl ďábelské ódy', 60)).toBe('PRILIS ZLUTOUCKY KUN UPEL DABELSKE ODY');
    expect(spaydText('Ľubomír Ďurčanský, Łódź & syn; 100%', 60)).toBe('LUBOMIR DURCANSKY LODZ SYN 100%25');
    expect(spaydText('  a\tb\n\nc  ', 60)).toBe('A B C');
    expect(
      spaydPayload({ account: IBAN, amountMinor: 12345, variableSymbol: '42', message: 'Platba * 2', recipientName: 'Zásilkovač s.r.o.', dueDate: '2026-12-15' }),
    ).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:123.45*CC:CZK*DT:20261215*RN:ZASILKOVAC S.R.O.*X-VS:42*MSG:PLATBA %2A 2');
  });

  it('keeps MSG within 60 and RN within 35 written characters, never cutting an escape', () => {
    const long = 'Objednávka OP2026000123 – zásilky pro Jiřího Řeháčka a spol. s poznámkou';
    const payload = spaydPayload({ account: IBAN, amountMinor: 100, message: long, recipientName: long });
    const fields = Object.fromEntries(payload.split('*').slice(2).map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]));
    expect(fields.MSG.length).toBeLessThanOrEqual(60);
    expect(fields.RN.length).toBeLessThanOrEqual(35);
    expect(spaydText('**********', 10)).toBe('%2A%2A%2A');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 80 }), (text, max) => {
        const out = spaydText(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toMatch(/^[0-9A-Z $%+\-./:]*$/);
        expect(out).not.toMatch(/%(?!2A|25)/);
      }),
    );
  });

  it('refuses an invalid variable symbol, account, BIC or date', () => {
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, variableSymbol: '12345678901' })).toThrow(RangeError);
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, variableSymbol: '12a' })).toThrow(RangeError);
    expect(() => spaydPayload({ account: '124/0100', amountMinor: 100 })).toThrow(RangeError);
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, bic: 'X' })).toThrow(RangeError);
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, dueDate: '15.12.2026' })).toThrow(RangeError);
    expect(spaydPayload({ account: IBAN, bic: 'gibaczpx', amountMinor: 100 })).toBe(`SPD*1.0*ACC:${IBAN}+GIBACZPX*AM:1.00*CC:CZK`);
  });
});

describe('PAY by square', () => {
  const SK_IBAN = 'SK6802000000001987426388';

  it('round-trips IBAN, amount and variable symbol through the package decoder', () => {
    const payload = payBySquarePayload({
      iban: 'SK68 0200 0000 0019 8742 6388',
      amountCents: 6150,
      variableSymbol: '2026000123',
      note: 'Objednávka OP2026000123 – ďakujeme',
      beneficiaryName: 'Zásilkovač s.r.o.',
      dueDate: '2026-12-15',
    });
    expect(payload).toMatch(/^[0-9A-V]+$/); // base32hex
    const model = decode(payload);
    const payment = model.payments[0];
    expect(payment.bankAccounts[0].iban).toBe(SK_IBAN);
    expect(Math.round((payment.amount ?? 0) * 100)).toBe(6150);
    expect(payment.variableSymbol).toBe('2026000123');
    expect(payment.currencyCode).toBe('EUR');
    expect(payment.paymentDueDate).toBe('20261215');
    expect(payment.paymentNote).toBe('Objednavka OP2026000123 – dakujeme');
    expect(payment.beneficiary?.name).toBe('Zasilkovac s.r.o.');
  });

  it('keeps every cent amount exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (cents) => {
        const payment = decode(payBySquarePayload({ iban: SK_IBAN, amountCents: cents, beneficiaryName: 'X' })).payments[0];
        expect(Math.round((payment.amount ?? 0) * 100)).toBe(cents);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a bad IBAN, amount or variable symbol', () => {
    expect(() => payBySquarePayload({ iban: 'SK6802000000001987426389', amountCents: 100, beneficiaryName: 'X' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ iban: SK_IBAN, amountCents: 1.5, beneficiaryName: 'X' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ iban: SK_IBAN, amountCents: 100, variableSymbol: 'OP1', beneficiaryName: 'X' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ iban: SK_IBAN, amountCents: 100, beneficiaryName: ' ' })).toThrow(RangeError);
  });
});

describe('paymentQr', () => {
  it('picks SPAYD for CZK and PAY by square for EUR', () => {
    const cz = paymentQr({ currency: 'CZK', iban: IBAN, amountMinor: 79950, variableSymbol: '2026000123', message: 'Objednávka OP2026000123', recipientName: 'Zásilkovač s.r.o.' });
    expect(cz).toEqual({ kind: 'spayd', payload: 'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*RN:ZASILKOVAC S.R.O.*X-VS:2026000123*MSG:OBJEDNAVKA OP2026000123' });
    const sk = paymentQr({ currency: 'EUR', iban: 'SK6802000000001987426388', amountMinor: 6150, variableSymbol: '2026000123', recipientName: 'Zásilkovač s.r.o.' });
    expect(sk.kind).toBe('bysquare');
    expect(decode(sk.payload).payments[0].variableSymbol).toBe('2026000123');
  });
});

describe('QR SVG', () => {
  const payload = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*X-VS:1234567890*MSG:ZASILKA';

  it('is a non-empty, deterministic SVG with a quiet zone', () => {
    const svg = qrSvg(payload);
    expect(svg).toBe(qrSvg(payload));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    const size = qrMatrix(payload).length;
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg.match(/M\d+ \d+h\d+v1h-\d+z/g)!.length).toBeGreaterThan(50);
    expect(qrSvg('other')).not.toBe(svg);
    expect(qrSvg(payload, { title: 'QR <Platba>' })).toContain('<title>QR &#60;Platba&#62;</title>');
  });

  it('encodes an alphanumeric SPAYD in a small symbol (version ≤ 6 at ECC M)', () => {
    // 84 alphanumeric characters fit version 5 at M; byte mode would need version 6
    expect(qrMatrix(payload).length).toBeLessThanOrEqual(41);
    expect(qrMatrix(payload).every((row) => row.length === qrMatrix(payload).length)).toBe(true);
  });
});
