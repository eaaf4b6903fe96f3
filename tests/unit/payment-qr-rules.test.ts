import { decode } from 'bysquare/pay';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { PAY_BY_SQUARE_NOTE_MAX, payBySquarePayload } from '../../src/server/payments/qr/bysquare';
import { paymentQr } from '../../src/server/payments/qr/index';
import { ibanFromCzechAccount, SPAYD_LIMITS, SPAYD_MAX_AMOUNT_MINOR, spaydPayload, spaydText } from '../../src/server/payments/qr/spayd';
import { qrMatrix, qrSvg } from '../../src/server/payments/qr/svg';

const IBAN = 'CZ6508000000192000145399';
const SK_IBAN = 'SK6802000000001987426388';
const head = `SPD*1.0*ACC:${IBAN}*AM:1.00*CC:CZK`;

describe('SPAYD payload rules', () => {
  it('has the limits of the SPAYD standard', () => {
    expect(SPAYD_LIMITS).toEqual({ message: 60, recipientName: 35, variableSymbol: 10, amount: 10 });
    expect(SPAYD_MAX_AMOUNT_MINOR).toBe(999_999_999);
  });

  it('says what is wrong with an amount', () => {
    expect(() => spaydPayload({ account: IBAN, amountMinor: 0 })).toThrow(new RangeError('SPAYD amount must be an integer number of haléře in 1…999999999, got 0'));
  });

  it('folds letters that do not decompose and escapes a percent sign', () => {
    expect(spaydText('Đorđe Øster Straße Æble Œuvre Þór', 60)).toBe('DORDE OSTER STRASSE AEBLE OEUVRE THOR');
    expect(spaydText('$5 + 10% - a/b: c.', 60)).toBe('$5 + 10%25 - A/B: C.');
    expect(spaydText('a*', 2)).toBe('A');
    expect(spaydText('ab cd', 3)).toBe('AB');
    // asked again (remembered per isolate), and the same text with another limit
    expect(spaydText('Zásilkovač s.r.o.', 35)).toBe('ZASILKOVAC S.R.O.');
    expect(spaydText('Zásilkovač s.r.o.', 35)).toBe('ZASILKOVAC S.R.O.');
    expect(spaydText('Zásilkovač s.r.o.', 5)).toBe('ZASIL');
    expect(spaydText('op 2026*1', 60)).toBe('OP 2026%2A1');
    expect(spaydText('Čáp', 60)).toBe('CAP');
    expect(spaydText('abc', 3)).toBe('ABC');
    expect(spaydText('– a', 60)).toBe('A');
  });

  it('reads a Czech account only with a bank code after its last slash, and an IBAN in any case', () => {
    expect(ibanFromCzechAccount('2000145399')).toBeNull();
    expect(ibanFromCzechAccount('2700')).toBeNull(); // '270' would pass mod 11 with bank 2700
    expect(ibanFromCzechAccount('cz6508000000192000145399')).toBe(IBAN);
    expect(ibanFromCzechAccount(' 19-2000145399 / 0800 ')).toBe(IBAN);
  });

  it('says which account, BIC, date or variable symbol it refuses', () => {
    expect(() => spaydPayload({ account: 'x', amountMinor: 100 })).toThrow(new RangeError('SPAYD: not a valid IBAN or Czech account: x'));
    // asked again (each account is checked once per isolate): refused again, and a valid one is its own IBAN
    expect(() => spaydPayload({ account: 'x', amountMinor: 100 })).toThrow(new RangeError('SPAYD: not a valid IBAN or Czech account: x'));
    expect(spaydPayload({ account: '19-2000145399/0800', amountMinor: 100 })).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00*CC:CZK');
    expect(spaydPayload({ account: '19-2000145399/0800', amountMinor: 100 })).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00*CC:CZK');
    expect(spaydPayload({ account: '2000145399/0800', amountMinor: 100 })).toBe('SPD*1.0*ACC:CZ7908000000002000145399*AM:1.00*CC:CZK');
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, bic: 'GIBACZPX1' })).toThrow(new RangeError('SPAYD: not a valid BIC: GIBACZPX1'));
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, dueDate: '2026-12-1' })).toThrow(new RangeError('SPAYD: due date must be YYYY-MM-DD, got 2026-12-1'));
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, dueDate: ' 2026-12-01' })).toThrow(RangeError);
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, dueDate: '2026-12-01x' })).toThrow(RangeError);
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, variableSymbol: '1a' })).toThrow(new RangeError('SPAYD: variable symbol must be 1-10 digits, got 1a'));
    expect(() => spaydPayload({ account: IBAN, amountMinor: 100, variableSymbol: 'a1' })).toThrow(RangeError);
  });

  it('writes a BIC of 11 characters, a trimmed variable symbol, and leaves out empty fields', () => {
    expect(spaydPayload({ account: IBAN, amountMinor: 100, bic: ' gibaczpxxxx ' })).toBe(`SPD*1.0*ACC:${IBAN}+GIBACZPXXXX*AM:1.00*CC:CZK`);
    expect(spaydPayload({ account: IBAN, amountMinor: 100, bic: '', variableSymbol: '', message: '', recipientName: '' })).toBe(head);
    expect(spaydPayload({ account: IBAN, amountMinor: 100, message: '–', recipientName: ' ; ' })).toBe(head);
    expect(spaydPayload({ account: IBAN, amountMinor: 100, variableSymbol: ' 42 ' })).toBe(`${head}*X-VS:42`);
  });
});

describe('PAY by square payload rules', () => {
  const payment = (input: Partial<Parameters<typeof payBySquarePayload>[0]>) =>
    decode(payBySquarePayload({ iban: SK_IBAN, amountCents: 100, beneficiaryName: 'X', ...input })).payments[0]!;

  it('says what is wrong with the IBAN, amount, variable symbol, date or name', () => {
    const base = { iban: SK_IBAN, amountCents: 100, beneficiaryName: 'X' };
    expect(() => payBySquarePayload({ ...base, iban: 'SK00' })).toThrow(new RangeError('PAY by square: not a valid IBAN: SK00'));
    expect(() => payBySquarePayload({ ...base, amountCents: 0 })).toThrow(new RangeError('PAY by square: amount must be a positive integer number of cents, got 0'));
    expect(() => payBySquarePayload({ ...base, variableSymbol: '12345678901' })).toThrow(new RangeError('PAY by square: variable symbol must be 1-10 digits, got 12345678901'));
    expect(() => payBySquarePayload({ ...base, variableSymbol: 'a1' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ ...base, variableSymbol: '1a' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ ...base, dueDate: '15.12.2026' })).toThrow(new RangeError('PAY by square: due date must be YYYY-MM-DD, got 15.12.2026'));
    expect(() => payBySquarePayload({ ...base, dueDate: 'x2026-12-15' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ ...base, dueDate: '2026-12-15x' })).toThrow(RangeError);
    expect(() => payBySquarePayload({ ...base, beneficiaryName: ' \n ' })).toThrow(new RangeError('PAY by square: the beneficiary name is required'));
  });

  it('takes a trimmed variable symbol and a BIC in capitals, and leaves out what is empty', () => {
    const full = payment({ variableSymbol: ' 42 ', bic: ' subaskbx ', note: '  ' });
    expect(full.variableSymbol).toBe('42');
    expect(full.bankAccounts[0]!.bic).toBe('SUBASKBX');
    expect(full.paymentNote).toBeUndefined();
    const bare = payment({ variableSymbol: ' ', bic: '' });
    expect(bare.variableSymbol).toBeUndefined();
    expect(bare.paymentDueDate).toBeUndefined();
    expect(bare.bankAccounts[0]).toEqual({ iban: SK_IBAN });
  });

  it('writes the note and the name on one line, the note up to 140 characters and the name up to 70', () => {
    const long = payment({ note: ` a \n b ${'n'.repeat(200)}`, beneficiaryName: ` Zásilkovač \t s.r.o. ${'m'.repeat(100)}` });
    expect(PAY_BY_SQUARE_NOTE_MAX).toBe(140);
    expect(long.paymentNote).toBe(`a b ${'n'.repeat(136)}`);
    expect(long.beneficiary?.name).toBe(`Zasilkovac s.r.o. ${'m'.repeat(52)}`);
  });
});

describe('payment QR of an order', () => {
  it('carries the BIC, due date and message into either standard', () => {
    const input = { iban: IBAN, bic: 'GIBACZPX', amountMinor: 100, variableSymbol: '7', message: 'Díky', recipientName: 'Zásilkovač', dueDate: '2026-12-15' };
    expect(paymentQr({ ...input, currency: 'CZK' })).toEqual({ kind: 'spayd', payload: `SPD*1.0*ACC:${IBAN}+GIBACZPX*AM:1.00*CC:CZK*DT:20261215*RN:ZASILKOVAC*X-VS:7*MSG:DIKY` });
    const sk = paymentQr({ ...input, iban: SK_IBAN, bic: 'SUBASKBX', currency: 'EUR' });
    expect(sk.kind).toBe('bysquare');
    expect(decode(sk.payload).payments[0]).toMatchObject({ amount: 1, paymentDueDate: '20261215', paymentNote: 'Diky', bankAccounts: [{ iban: SK_IBAN, bic: 'SUBASKBX' }], beneficiary: { name: 'Zasilkovac' } });
  });
});

describe('QR SVG drawing', () => {
  const text = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:1.00*CC:CZK';
  /** the dark modules the path of an SVG draws (runs of `h` modules from `M x y`) */
  const drawn = (svg: string, border: number) => {
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]) - 2 * border;
    const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const [, x, y, w, back] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
      expect(back).toBe(w);
      for (let i = 0; i < Number(w); i++) grid[Number(y) - border]![Number(x) - border + i] = true;
    }
    return grid;
  };

  it('encodes at error correction M without a quiet zone (the finder pattern in the corner)', () => {
    expect(qrMatrix(text)).toEqual(encode(text, { ecc: 'M', border: 0 }).data);
    expect(qrMatrix(text)[0]!.slice(0, 8)).toEqual([true, true, true, true, true, true, true, false]);
  });

  it('draws exactly the dark modules of the matrix, in runs, inside the quiet zone', () => {
    expect(drawn(qrSvg(text), 4)).toEqual(qrMatrix(text));
    expect(drawn(qrSvg(text, { border: 1 }), 1)).toEqual(qrMatrix(text));
    expect(qrSvg(text, { border: 0 })).toContain(`viewBox="0 0 ${qrMatrix(text).length} ${qrMatrix(text).length}"`);
  });

  it('has a white background and black modules at its full size, hidden from screen readers unless titled', () => {
    const size = qrMatrix(text).length + 8;
    const svg = qrSvg(text);
    expect(svg).toContain(' shape-rendering="crispEdges" aria-hidden="true"><rect width=');
    expect(svg).toContain(`<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="M`);
    expect(svg).not.toContain('<title>');
    expect(qrSvg(text, { title: `Tom & "Jerry's"` })).toContain(` role="img"><title>Tom &#38; &#34;Jerry&#39;s&#34;</title><rect`);
  });
});
