// The pure parts of the CSV import, each held directly (issue 31): slices, countries,
// decoding, header guessing, formulas, the mapping, parsing and the template.
import { describe, expect, it, vi } from 'vitest';
import { mapInSlices, yieldToBrowser } from '../../src/lib/csv-import/chunks';
import { countriesOf } from '../../src/lib/csv-import/country';
import { decodeCsv, ENCODING_NAMES } from '../../src/lib/csv-import/decode';
import { fieldLabelId, foldText, guessField, guessFields, IMPORT_FIELDS, isImportField, missingRequired } from '../../src/lib/csv-import/fields';
import { isFormulaLike } from '../../src/lib/csv-import/formula';
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, PRICE_BATCH_ROWS } from '../../src/lib/csv-import/limits';
import { assignField, MAX_REMEMBERED_HEADERS, mappingFor, readRemembered, rememberMapping } from '../../src/lib/csv-import/mapping';
import { detectDelimiter, parseCsv } from '../../src/lib/csv-import/parse';
import { TEMPLATE_FIELDS, templateCsv, templateFileName } from '../../src/lib/csv-import/template';

describe('work in slices', () => {
  it('takes 25 ms slices by default, timed by performance.now', async () => {
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const progress: [number, number][] = [];
    try {
      await mapInSlices([1, 2, 3, 4, 5], () => (clock += 10), { pause: async () => {}, onProgress: (done, total) => progress.push([done, total]) });
    } finally {
      now.mockRestore();
    }
    expect(progress).toEqual([
      [3, 5],
      [5, 5],
    ]);
  });

  it('does at least one item a slice and never calls fn past the end', async () => {
    const seen: [number, number][] = [];
    let clock = 0;
    const out = await mapInSlices(['a', 'b'], (item, index) => (seen.push([index, clock]), (clock += 100), item.toUpperCase()), { sliceMs: 1, now: () => clock, pause: async () => {} });
    expect(out).toEqual(['A', 'B']);
    expect(seen).toEqual([
      [0, 0],
      [1, 100],
    ]);
  });

  it('does not pause after the last slice and does nothing for no items', async () => {
    const pause = vi.fn(async () => {});
    expect(await mapInSlices([1, 2], (n) => n, { pause, now: () => 0 })).toEqual([1, 2]);
    expect(pause).not.toHaveBeenCalled();
    const fn = vi.fn();
    expect(await mapInSlices([], fn, { pause })).toEqual([]);
    expect(fn).not.toHaveBeenCalled();
  });

  it('refuses to start when already cancelled, with an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const fn = vi.fn();
    const error = await mapInSlices([1], fn, { pause: async () => {}, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError', message: 'The work was cancelled' });
    expect(fn).not.toHaveBeenCalled();
  });

  it('ends a slice once its time is used up, exactly at the budget too, pausing between slices', async () => {
    let clock = 0;
    const progress: number[] = [];
    const pause = vi.fn(async () => {});
    await mapInSlices([1, 2, 3, 4], () => (clock += 10), { sliceMs: 20, now: () => clock, pause, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([2, 4]);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('yields to the browser with a macrotask', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await yieldToBrowser();
    order.push('after');
    expect(order).toEqual(['timer', 'after']);
  });
});

describe('countries as a file writes them', () => {
  const list = () => countriesOf([
    { code: 'CZ', prefix: '420', names: ['Česko', ''] },
    { code: 'sk', prefix: '+421', names: ['Slovensko'] },
    { code: 'us', prefix: '+1', names: ['USA'] },
    { code: 'vi', prefix: '+1340', names: [] },
    { code: 'xx', prefix: null, names: ['Nowhere'] },
  ]);

  it.each([
    ['Česká republika', 'cz'],
    ['Czech Republic', 'cz'],
    ['czechia', 'cz'],
    ['ČR', 'cz'],
    ['Slovenská republika', 'sk'],
    ['Slovak Republic', 'sk'],
    ['SR', 'sk'],
    ['česko', 'cz'],
    ['CZ', 'cz'],
    [' Nowhere ', 'xx'],
    [' AT ', 'at'],
    ['A', null],
    ['AUT', null],
    ['', null],
    ['Atlantis', null],
  ] as const)('reads %j as %s', (text, code) => {
    expect(list().codeOf(text)).toBe(code);
  });

  it('writes every prefix with its plus, whatever case the code is asked in', () => {
    const countries = list();
    expect(countries.prefixOf('cz')).toBe('+420');
    expect(countries.prefixOf('SK')).toBe('+421');
    expect(countries.prefixOf('xx')).toBeNull();
  });

  it('splits a number by the preferred calling code first, else by the longest that fits', () => {
    const countries = list();
    expect(countries.splitInternational('421905123456', '+421')).toEqual({ prefix: '+421', number: '905123456' });
    expect(countries.splitInternational('1340555', null)).toEqual({ prefix: '+1340', number: '555' });
    expect(countries.splitInternational('1340555', '+1')).toEqual({ prefix: '+1', number: '340555' });
    expect(countries.splitInternational('420601', '+421')).toEqual({ prefix: '+420', number: '601' });
    expect(countries.splitInternational('999', null)).toBeNull();
  });

  it('takes a country without a calling code', () => {
    expect(countriesOf([{ code: 'xx', prefix: null, names: [] }]).prefixOf('xx')).toBeNull();
  });
});

describe('decoding a file', () => {
  it('names the encodings as people know them', () => {
    expect(ENCODING_NAMES).toEqual({ 'utf-8': 'UTF-8', 'windows-1250': 'Windows-1250', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16' });
  });

  it('answers a file of no bytes as empty', () => {
    expect(decodeCsv(new Uint8Array(0))).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses an old .xls as a spreadsheet', () => {
    expect(decodeCsv(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0x41]))).toEqual({ ok: false, problem: 'xlsx' });
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x41]))).toEqual({ ok: true, text: 'PK\u0003A', encoding: 'utf-8' });
  });

  it('reads big-endian UTF-16 after its BOM', () => {
    const bytes = new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x01, 0x61]);
    expect(decodeCsv(bytes)).toEqual({ ok: true, text: 'Aš', encoding: 'utf-16be' });
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toEqual({ ok: true, text: 'A', encoding: 'utf-16le' });
  });

  it('looks for NUL bytes only in the first 8 KB', () => {
    const late = new Uint8Array(8193).fill(0x41);
    late[8192] = 0;
    expect(decodeCsv(late)).toMatchObject({ ok: true, encoding: 'utf-8' });
    const early = new Uint8Array(8193).fill(0x41);
    early[8191] = 0;
    expect(decodeCsv(early)).toEqual({ ok: false, problem: 'binary' });
  });

  it('drops a UTF-8 BOM and only a whole one', () => {
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ ok: true, text: 'A', encoding: 'utf-8' });
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0x41]))).toMatchObject({ ok: true, encoding: 'windows-1250' });
  });

  it('reads a file of only blanks after a UTF-16 BOM as empty', () => {
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x20, 0x00]))).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('header guessing', () => {
  it('labels a field with the id import.field.<field>, and knows only the import fields', () => {
    expect(fieldLabelId('cod.amount')).toBe('import.field.cod.amount');
    expect(isImportField('recipient.zip')).toBe(true);
    expect(isImportField('admin')).toBe(false);
    expect(IMPORT_FIELDS).toHaveLength(36);
  });

  it('folds a header to lower-case words without diacritics', () => {
    expect(foldText('  Příjemce – PSČ (kód)  ')).toBe('prijemce psc kod');
  });

  it.each([
    ['Dobírka měna', 'cod.currency'],
    ['COD currency', 'cod.currency'],
    ['Dobírka VS', 'cod.variableSymbol'],
    ['Dobírka variabilní', 'cod.variableSymbol'],
    ['COD variable', 'cod.variableSymbol'],
    ['Cash symbol', 'cod.variableSymbol'],
    ['Dobierka kód banky', 'cod.bankCode'],
    ['COD bank code', 'cod.bankCode'],
    ['COD sort code', 'cod.bankCode'],
    ['Dobírka účet', 'cod.account'],
    ['Dobírka účtu', 'cod.account'],
    ['COD account', 'cod.account'],
    ['COD IBAN', 'cod.account'],
    ['COD bank', 'cod.account'],
    ['Cash on delivery', 'cod.amount'],
    ['Dobierkou', 'cod.amount'],
    ['Variabilní symbol', 'cod.variableSymbol'],
    ['Variable symbol', 'cod.variableSymbol'],
    ['Currency', 'cod.currency'],
    ['Kód banky', 'cod.bankCode'],
    ['Bank code', 'cod.bankCode'],
    ['Číslo účtu', 'cod.account'],
    ['Bankovní účet', 'cod.account'],
    ['Bankový účet', 'cod.account'],
    ['Bank account', 'cod.account'],
    ['Account number', 'cod.account'],
    ['Pojistná částka', 'insurance.value'],
    ['Poistenie', 'insurance.value'],
    ['Insurance', 'insurance.value'],
    ['Insured', 'insurance.value'],
    ['Value', 'insurance.value'],
    ['Declared value', 'insurance.value'],
    ['Hmotnosti', 'package.weight'],
    ['Váha', 'package.weight'],
    ['Weight', 'package.weight'],
    ['Délka', 'package.length'],
    ['Dĺžka', 'package.length'],
    ['Length', 'package.length'],
    ['Šířka', 'package.width'],
    ['Width', 'package.width'],
    ['Výška', 'package.height'],
    ['Height', 'package.height'],
    ['Počet', 'package.count'],
    ['Count', 'package.count'],
    ['Quantity', 'package.count'],
    ['ks', 'package.count'],
    ['Kusů', 'package.count'],
    ['Pieces', 'package.count'],
    ['Number of parcels', 'package.count'],
    ['Parcels', 'package.count'],
    ['Packages', 'package.count'],
    ['Typ zásilky', 'package.type'],
    ['Typ zásielky', 'package.type'],
    ['Typ balíku', 'package.type'],
    ['Druh zásilky', 'package.type'],
    ['Druh zásielky', 'package.type'],
    ['Package type', 'package.type'],
    ['Parcel type', 'package.type'],
    ['Shipment type', 'package.type'],
    ['Typ', 'package.type'],
    ['Type', 'package.type'],
    ['Dopravce', 'carrier'],
    ['Přepravce', 'carrier'],
    ['Prepravca', 'carrier'],
    ['Carrier', 'carrier'],
    ['Courier', 'carrier'],
    ['Kurýr', 'carrier'],
    ['Kuriér', 'carrier'],
    ['Dopravca', 'carrier'],
    ['Služba', 'service'],
    ['Služby', 'service'],
    ['Service', 'service'],
    ['Produkt', 'service'],
    ['Product', 'service'],
    ['Poznámky', 'note'],
    ['Note', 'note'],
    ['Notes', 'note'],
    ['Comment', 'note'],
    ['Komentář', 'note'],
    ['Reference', 'reference'],
    ['Referencia', 'reference'],
    ['Ref', 'reference'],
    ['Objednávka', 'reference'],
    ['Order', 'reference'],
    ['Order id', 'reference'],
    ['E mail', 'recipient.email'],
    ['Email', 'recipient.email'],
    ['Mail', 'recipient.email'],
    ['Telefonní', 'recipient.phone'],
    ['Tel', 'recipient.phone'],
    ['Phone', 'recipient.phone'],
    ['Telephone', 'recipient.phone'],
    ['Mobilní', 'recipient.phone'],
    ['GSM', 'recipient.phone'],
    ['Zip', 'recipient.zip'],
    ['Zip code', 'recipient.zip'],
    ['Post code', 'recipient.zip'],
    ['Postal', 'recipient.zip'],
    ['Směrovací číslo', 'recipient.zip'],
    ['Země', 'recipient.country'],
    ['Country', 'recipient.country'],
    ['Krajina', 'recipient.country'],
    ['Město', 'recipient.city'],
    ['City', 'recipient.city'],
    ['Town', 'recipient.city'],
    ['Název města', 'recipient.city'],
    ['Název obce', 'recipient.city'],
    ['Ulica', 'recipient.street'],
    ['Street', 'recipient.street'],
    ['Address', 'recipient.street'],
    ['Addr', 'recipient.street'],
    ['Firma', 'recipient.company'],
    ['Společnost', 'recipient.company'],
    ['Company', 'recipient.company'],
    ['Organizace', 'recipient.company'],
    ['Organization', 'recipient.company'],
    ['Organisation', 'recipient.company'],
    ['Celé jméno', 'recipient.name'],
    ['Full name', 'recipient.name'],
    ['Meno a priezvisko', 'recipient.name'],
    ['Příjmení', 'recipient.lastName'],
    ['Priezvisko', 'recipient.lastName'],
    ['Last name', 'recipient.lastName'],
    ['Lastname', 'recipient.lastName'],
    ['Surname', 'recipient.lastName'],
    ['Family name', 'recipient.lastName'],
    ['Křestní', 'recipient.firstName'],
    ['First name', 'recipient.firstName'],
    ['Firstname', 'recipient.firstName'],
    ['Given name', 'recipient.firstName'],
    ['Jméno', 'recipient.firstName'],
    ['Meno', 'recipient.firstName'],
    ['Name', 'recipient.name'],
    ['Název', 'recipient.name'],
    ['Názov', 'recipient.name'],
    ['Příjemce', 'recipient.name'],
    ['Příjemci', 'recipient.name'],
    ['Príjemca', 'recipient.name'],
    ['Recipient', 'recipient.name'],
    ['Adresát', 'recipient.name'],
    ['Consignee', 'recipient.name'],
    ['Customer', 'recipient.name'],
    ['Odosielateľ', 'sender.name'],
    ['Sender', 'sender.name'],
    ['Shipper', 'sender.name'],
    ['Odesílatel', 'sender.name'],
    ['From city', 'sender.city'],
    ['Odesílající firma', 'sender.company'],
    ['Odosielateľov e-mail', 'sender.email'],
    ['Zákazník', 'recipient.name'],
    ['PSČ', 'recipient.zip'],
    ['Postcode', 'recipient.zip'],
    ['Stát', 'recipient.country'],
    ['Obec', 'recipient.city'],
    ['Ulice', 'recipient.street'],
    ['Adresa', 'recipient.street'],
    ['Název firmy', 'recipient.company'],
    ['VS', 'cod.variableSymbol'],
    ['Měna', 'cod.currency'],
    ['IBAN', 'cod.account'],
    ['Hodnota', 'insurance.value'],
    ['kg', 'package.weight'],
    ['Poznámka', 'note'],
    ['Cena', null],
    [' – ', null],
    ['', null],
  ] as const)('guesses %j as %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it('matches a phrase only as whole words, in order, anywhere in the header', () => {
    expect(guessField('Zipper')).toBeNull();
    expect(guessField('Code zip')).toBe('recipient.zip');
    expect(guessField('Name full')).toBe('recipient.name');
    expect(guessField('Tel.')).toBe('recipient.phone');
  });

  it('reads a first name as the whole name only when its side has neither a last name nor a name column', () => {
    expect(guessFields(['Jméno', 'Jméno a příjmení'])).toEqual(['recipient.firstName', 'recipient.name']);
    expect(guessFields(['Jméno odesílatele', 'Jméno'])).toEqual(['sender.name', 'recipient.name']);
    expect(guessFields(['Jméno odesílatele', 'Příjmení odesílatele', 'Jméno'])).toEqual(['sender.firstName', 'sender.lastName', 'recipient.name']);
    expect(guessFields(['Cena', 'Cena'])).toEqual([null, null]);
    expect(guessFields(['PSČ', 'Zip', 'Město'])).toEqual(['recipient.zip', null, 'recipient.city']);
  });

  it('asks for each named part of the sender without a default sender', () => {
    const recipient = ['recipient.name', 'recipient.street', 'recipient.city', 'recipient.zip', 'recipient.phone', 'recipient.email', 'package.weight'] as const;
    expect(missingRequired(recipient)).toEqual([]);
    expect(missingRequired([])).toEqual([...recipient]);
    expect(missingRequired(['recipient.company'])).not.toContain('recipient.name');
    expect(missingRequired(['recipient.lastName'])).toContain('recipient.name');
    expect(missingRequired(recipient, {})).toEqual([]);
    expect(missingRequired([...recipient, 'sender.firstName', 'sender.lastName'], { defaultSender: false })).toEqual(['sender.street', 'sender.city', 'sender.zip', 'sender.phone', 'sender.email']);
    expect(missingRequired([...recipient, 'sender.firstName'], { defaultSender: false })).toContain('sender.name');
  });
});

describe('formulas in cells', () => {
  it.each(['@x', '\r=1', '\uFF20SUM(A1)', '\uFF0B1', '\uFF0D1', '\u00A0=1', '+1a', '+a', '+a1', '+a-1', '\t1', '- -', '  =1', '+1 2 x', '-1\u00A02x', '-x'])('takes %j for a formula', (cell) => {
    expect(isFormulaLike(cell)).toBe(true);
  });
  it.each(['+1', '-1', '+ 1', '-1.5', '+(1)', '-1/2', '+1\u00A0000', '--', ' -- ', '-1-2', 'x=1', ' x'])('takes %j for data', (cell) => {
    expect(isFormulaLike(cell)).toBe(false);
  });
  it('takes a plus or minus with no digit for a formula', () => {
    expect(isFormulaLike('+')).toBe(true);
    expect(isFormulaLike('+ ( )')).toBe(true);
    expect(isFormulaLike('-x-')).toBe(true);
  });
});

describe('limits of one import', () => {
  it('takes 2 MB, 1,000 rows and 60 columns, and prices 100 rows at once', () => {
    expect([MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_IMPORT_COLUMNS, PRICE_BATCH_ROWS]).toEqual([2_097_152, 1000, 60, 100]);
  });
});

describe('the mapping of a file', () => {
  it('guesses a header with no remembered field, and never gives a remembered field twice', () => {
    expect(mappingFor(['PSČ', 'Zip'], { psc: 'recipient.zip', zip: 'recipient.zip' })).toEqual(['recipient.zip', null]);
    expect(mappingFor(['Město', 'PSČ'], { psc: 'recipient.city' })).toEqual([null, 'recipient.city']);
    expect(mappingFor(['Město'])).toEqual(['recipient.city']);
    expect(mappingFor(['Cena'], { mesto: 'recipient.city' })).toEqual([null]);
  });

  it('remembers the latest 200 headers, dropping the oldest, and skips a header of no words', () => {
    const before = Object.fromEntries(Array.from({ length: MAX_REMEMBERED_HEADERS }, (_, i) => [`h${i}`, null]));
    const next = rememberMapping(['Nový', ' – ', 'h0'], ['note', 'reference'], before);
    const keys = Object.keys(next);
    expect(keys).toHaveLength(MAX_REMEMBERED_HEADERS);
    expect(keys.slice(-2)).toEqual(['novy', 'h0']);
    expect(keys[0]).toBe('h2');
    expect(next).toMatchObject({ novy: 'note', h0: null });
    expect(rememberMapping(['A'], [])).toEqual({ a: null });
    expect(MAX_REMEMBERED_HEADERS).toBe(200);
  });

  it('frees a field only where it was, and "ignore" frees nothing else', () => {
    expect(assignField(['note', null, 'reference'], 1, 'note')).toEqual([null, 'note', 'reference']);
    expect(assignField([null, 'note', null], 1, null)).toEqual([null, null, null]);
    expect(assignField(['note', 'reference'], 0, null)).toEqual([null, 'reference']);
  });

  it('reads back keys of 1 to 100 characters, the latest 200, and "ignore"', () => {
    expect(readRemembered({ '': 'note', x: 'admin', psc: 'recipient.zip' })).toEqual({ psc: 'recipient.zip' });
    expect(readRemembered(null)).toEqual({});
    expect(readRemembered({ a: null, ['x'.repeat(100)]: 'note', ['y'.repeat(101)]: 'note' })).toEqual({ a: null, ['x'.repeat(100)]: 'note' });
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`h${i}`, 'note']));
    const read = Object.keys(readRemembered(many));
    expect(read).toHaveLength(200);
    expect(read[0]).toBe('h1');
  });
});

describe('parsing the text', () => {
  it('answers an empty text, a header alone and too many rows or columns', () => {
    expect(parseCsv('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseCsv(' \n\t')).toEqual({ ok: false, problem: 'empty' });
    expect(parseCsv('a;b\n;\n')).toEqual({ ok: false, problem: 'header_only' });
    const rows = (n: number) => `a;b\n${'1;2\n'.repeat(n)}`;
    expect(parseCsv(rows(MAX_IMPORT_ROWS))).toMatchObject({ ok: true });
    expect(parseCsv(rows(MAX_IMPORT_ROWS + 1))).toEqual({ ok: false, problem: 'too_many_rows', rows: MAX_IMPORT_ROWS + 1 });
    expect(parseCsv(`${Array.from({ length: 61 }, (_, i) => `c${i}`).join(';')}\n1;2\n`)).toEqual({ ok: false, problem: 'too_many_columns', columns: 61 });
  });

  it('numbers rows as the spreadsheet does, empty lines counted, and trims the header cells', () => {
    expect(parseCsv('\uFEFF a ;b\n\n1;x\uFEFF\n')).toEqual({ ok: true, delimiter: ';', headers: ['a', 'b'], rows: [{ line: 3, cells: ['1', 'x\uFEFF'] }] });
    expect(parseCsv('a;b\n1;2\n"3;4\n')).toEqual({ ok: false, problem: 'unclosed_quote', line: 3 });
  });

  it('drops only a BOM that starts the text', () => {
    expect(parseCsv('a;b\n1;\uFEFF2\n')).toMatchObject({ ok: true, rows: [{ line: 2, cells: ['1', '\uFEFF2'] }] });
  });

  it('reads a stray quote inside a cell as text, not as an unclosed quote', () => {
    expect(parseCsv('a;b\nx"y;2\n')).toMatchObject({ ok: true, rows: [{ line: 2, cells: ['x"y', '2'] }] });
  });

  it('takes the best split even when no delimiter splits every row alike', () => {
    expect(detectDelimiter('a,b\nc,d,e\n')).toBe(',');
  });

  it('takes a semicolon when nothing splits the rows', () => {
    expect(detectDelimiter('Jméno\nJan\n')).toBe(';');
    expect(parseCsv('Jméno\nJan\n')).toMatchObject({ ok: true, delimiter: ';', headers: ['Jméno'] });
  });

  it('prefers the delimiter that splits the rows evenly, then the one with more cells', () => {
    expect(detectDelimiter('a,b,c;d\ne,f,g;h\n')).toBe(',');
    expect(detectDelimiter('a,b;c\nd,e;f\n')).toBe(';');
    expect(detectDelimiter('a;b,c,d\ne;f\ng;h\n')).toBe(';');
    expect(detectDelimiter('a;b;c\td\ne;f;g\th\n')).toBe(';');
    // the middle row is blank split by commas only: left out, it does not count against the comma
    expect(detectDelimiter('a\tb,c\n\t,,\nd\te,f\n')).toBe(',');
  });

  it('looks at the first 20 rows only', () => {
    const text = `a;b\n${'1;2\n'.repeat(19)}${'x,y,z\n'.repeat(30)}`;
    expect(detectDelimiter(text)).toBe(';');
  });

  it('drops empty columns after the last header but keeps inner ones, and counts columns after that', () => {
    expect(parseCsv('a;;b;;\n1;2;3\n')).toMatchObject({ ok: true, headers: ['a', '', 'b'] });
    expect(parseCsv(`${Array.from({ length: 60 }, (_, i) => `c${i}`).join(';')};;\n1;2\n`)).toMatchObject({ ok: true });
  });

  it('takes a file of exactly the size limit and refuses one character more', () => {
    const file = (size: number) => `a;b\n1;${'x'.repeat(size - 7)}\n`;
    expect(parseCsv(file(MAX_IMPORT_BYTES))).toMatchObject({ ok: true });
    expect(parseCsv(file(MAX_IMPORT_BYTES + 1))).toEqual({ ok: false, problem: 'too_large', bytes: MAX_IMPORT_BYTES + 1 });
  });

  it('reads text of blank rows only as empty, and an unclosed quote in the header as line 1', () => {
    expect(parseCsv(' ;\n;\n')).toEqual({ ok: false, problem: 'empty' });
    expect(parseCsv('\uFEFF \n')).toEqual({ ok: false, problem: 'empty' });
    expect(parseCsv('"a;b\n1;2\n')).toEqual({ ok: false, problem: 'unclosed_quote', line: 1 });
  });
});

describe('the template', () => {
  it('is named by language', () => {
    expect(['cs', 'sk', 'en'].map((l) => templateFileName(l as 'cs'))).toEqual(['zasilky-sablona.csv', 'zasielky-sablona.csv', 'shipments-template.csv']);
  });

  it('lists the fields a user fills, without the split names', () => {
    expect(TEMPLATE_FIELDS).toEqual(IMPORT_FIELDS.filter((f) => !/firstName|lastName|bankCode/.test(f)));
  });

  const header = (d: string) => '\uFEFF' + TEMPLATE_FIELDS.join(d);
  it.each([
    [
      'cs',
      [
        header(';'),
        'Jan Novák;;Dlouhá 12;Praha;110 00;CZ;601 234 567;jan.novak@example.cz;2,5;30;20;15;balík;1;1 490;CZK;19-2000145399/0800;2026001;2 000;OBJ-2026-001;Křehké, nestavět na sebe;;;;;;;;;;',
        'Eva Malá;Malá s.r.o.;Hlavná 5;Bratislava;811 01;SK;905 123 456;eva.mala@example.sk;1;25;15;10;balík;2;;;;;;OBJ-2026-002;;DPD;;;;;;;;;',
        '',
      ],
    ],
    [
      'sk',
      [
        header(';'),
        'Ján Kováč;;Hlavná 12;Bratislava;811 01;SK;905 123 456;jan.kovac@example.sk;2,5;30;20;15;balík;1;59,90;EUR;SK68 0200 0000 0019 8742 6388;2026001;80;OBJ-2026-001;Krehké, neukladať na seba;;;;;;;;;;',
        'Eva Malá;Malá s.r.o.;Dlouhá 5;Praha;110 00;CZ;601 234 567;eva.mala@example.cz;1;;;10;balík;2;;;;;;OBJ-2026-002;;DPD;;;;;;;;;',
        '',
      ],
    ],
    [
      'en',
      [
        header(','),
        'John Smith,,Dlouha 12,Prague,110 00,CZ,601 234 567,john.smith@example.com,2.5,30,20,15,package,1,1490,CZK,19-2000145399/0800,2026001,2000,ORDER-2026-001,"Fragile, do not stack",,,,,,,,,,',
        'Eva Mala,Mala s.r.o.,Hlavna 5,Bratislava,811 01,SK,905 123 456,eva.mala@example.sk,1,25,15,10,package,2,,,,,,ORDER-2026-002,,DPD,,,,,,,,,',
        '',
      ],
    ],
  ] as const)('writes the %s template as a BOM, the header and two example rows, lines ended by CRLF', (language, lines) => {
    expect(templateCsv(language, (f) => f).split('\r\n')).toEqual(lines);
  });

  it('quotes a label holding the delimiter, a quote or a line break', () => {
    const labels: Record<string, string> = { 'recipient.name': 'a;b', 'recipient.company': 'say "hi"', 'recipient.street': 'x\ny', 'recipient.city': 'p\rq', 'recipient.zip': 'c,d' };
    const first = templateCsv('cs', (f) => labels[f] ?? 'z').split('\r\n')[0]!;
    expect(first.startsWith('\uFEFF"a;b";"say ""hi""";"x\ny";"p\rq";c,d;z;')).toBe(true);
  });
});
