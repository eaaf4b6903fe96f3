import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { mapInSlices } from '../../src/lib/csv-import/chunks';
import { countriesOf } from '../../src/lib/csv-import/country';
import { decodeCsv } from '../../src/lib/csv-import/decode';
import { guessField, guessFields, IMPORT_FIELDS, missingRequired, type ImportField } from '../../src/lib/csv-import/fields';
import { isFormulaLike } from '../../src/lib/csv-import/formula';
import { MAX_IMPORT_ROWS } from '../../src/lib/csv-import/limits';
import { assignField, mappingFor, readRemembered, rememberMapping } from '../../src/lib/csv-import/mapping';
import { detectDelimiter, parseCsv } from '../../src/lib/csv-import/parse';
import { checkRow, type RowContext } from '../../src/lib/csv-import/rows';
import { TEMPLATE_FIELDS, templateCsv } from '../../src/lib/csv-import/template';
import { emptyAddress } from '../../src/lib/schemas/address';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { addItemsToCartAtom, addToCartAtom, cartAtom, draftAtom, selectedQuoteAtom, startDraftAtom } from '../../src/state/configurator';
import { sampleQuote } from './configurator-fixtures';

const area = (language: 'cs' | 'sk' | 'en') =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../translations/areas/import.${language}.json`), 'utf8')) as Record<string, string>;
const labels = { cs: area('cs'), sk: area('sk'), en: area('en') };
const label = (language: 'cs' | 'sk' | 'en') => (field: ImportField) => labels[language][`import.field.${field}`]!;

const countries = countriesOf([
  { code: 'cz', prefix: '+420', names: ['Česko', 'Czechia'] },
  { code: 'sk', prefix: '+421', names: ['Slovensko', 'Slovakia'] },
  { code: 'de', prefix: '+49', names: ['Německo', 'Germany'] },
]);
const defaultSender = { ...emptyAddress('cz', '+420'), isProfile: true, companyName: 'Firma s.r.o.', firstName: 'Petr', lastName: 'Svoboda', phoneNumber: { prefix: '+420', number: '777123456' }, email: 'firma@example.cz', street: 'Nádražní 1', city: 'Brno', zip: '60200' };
const ctx: RowContext = { territory: 'cz', defaultSender, countries };

/** Windows-1250 bytes of a text (the reverse of the decoder's table) */
function cp1250(text: string): Uint8Array {
  const decoder = new TextDecoder('windows-1250');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(new Uint8Array([byte])), byte);
  return new Uint8Array([...text].map((char) => table.get(char)!));
}

describe('decoding a file', () => {
  const text = 'Příjemce;Město\nŽofie Šťastná;Plzeň\n';
  it('reads UTF-8 with and without a BOM', () => {
    const plain = new TextEncoder().encode(text);
    expect(decodeCsv(plain)).toEqual({ ok: true, text, encoding: 'utf-8' });
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...plain]))).toEqual({ ok: true, text, encoding: 'utf-8' });
  });
  it('reads bytes that are not UTF-8 as Windows-1250', () => {
    expect(decodeCsv(cp1250(text))).toEqual({ ok: true, text, encoding: 'windows-1250' });
  });
  it('reads UTF-16 with its BOM (Excel "Unicode text")', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    expect(decodeCsv(utf16)).toEqual({ ok: true, text, encoding: 'utf-16le' });
  });
  it('refuses a spreadsheet, a binary and an empty file', () => {
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toEqual({ ok: false, problem: 'xlsx' });
    expect(decodeCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toEqual({ ok: false, problem: 'binary' });
    expect(decodeCsv(new Uint8Array([]))).toEqual({ ok: false, problem: 'empty' });
    expect(decodeCsv(new TextEncoder().encode(' \r\n\r\n'))).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('delimiter and parsing', () => {
  it('tells a semicolon file with decimal commas from a comma file and from pasted tab rows', () => {
    expect(detectDelimiter('Jméno;Hmotnost;PSČ\nJan;2,5;11000\nEva;1,25;60200\n')).toBe(';');
    expect(detectDelimiter('Name,Weight,ZIP\nJan,2.5,11000\n"Novák, Jan",1,60200\n')).toBe(',');
    expect(detectDelimiter('Name\tWeight\tZIP\nJan\t2,5\t11000\n')).toBe('\t');
  });
  it('keeps quoted delimiters, doubled quotes and line breaks inside a cell, and numbers rows as a spreadsheet does', () => {
    const parsed = parseCsv('\uFEFFJméno;Poznámka;Hmotnost\n\n"Novák; Jan";"Řekl ""ahoj""\na odešel";2,5\n;;\nEva;;1\n');
    expect(parsed).toEqual({
      ok: true,
      delimiter: ';',
      headers: ['Jméno', 'Poznámka', 'Hmotnost'],
      rows: [
        { line: 3, cells: ['Novák; Jan', 'Řekl "ahoj"\na odešel', '2,5'] },
        { line: 5, cells: ['Eva', '', '1'] },
      ],
    });
  });
  it('answers an empty file, a header alone and an unclosed quote in words', () => {
    expect(parseCsv('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseCsv('Jméno;Město\r\n\r\n')).toEqual({ ok: false, problem: 'header_only' });
    expect(parseCsv('Jméno;Město\nJan;Praha\n"Eva;Brno\nPetr;Plzeň\n')).toEqual({ ok: false, problem: 'unclosed_quote', line: 3 });
  });
  it(`takes ${MAX_IMPORT_ROWS} rows and refuses one more, saying how many the file has`, () => {
    const file = (rows: number) => `Jméno;Město\n${'Jan;Praha\n'.repeat(rows)}`;
    const full = parseCsv(file(MAX_IMPORT_ROWS));
    expect(full.ok && full.rows.length).toBe(MAX_IMPORT_ROWS);
    expect(parseCsv(file(MAX_IMPORT_ROWS + 1))).toEqual({ ok: false, problem: 'too_many_rows', rows: MAX_IMPORT_ROWS + 1 });
    expect(parseCsv(file(100_000))).toEqual({ ok: false, problem: 'too_many_rows', rows: 100_000 });
  });
  it('refuses pasted text over the size limit and a header of too many columns', () => {
    expect(parseCsv(`a;b\n${'x'.repeat(3 * 1024 * 1024)};y\n`)).toMatchObject({ ok: false, problem: 'too_large' });
    expect(parseCsv(`${Array.from({ length: 61 }, (_, i) => `c${i}`).join(';')}\n1;2\n`)).toEqual({ ok: false, problem: 'too_many_columns', columns: 61 });
  });
});

describe('header guessing and the mapping', () => {
  it.each(['cs', 'en'] as const)('maps every field label of %s to its field', (language) => {
    expect(guessFields(IMPORT_FIELDS.map(label(language)))).toEqual([...IMPORT_FIELDS]);
  });
  it.each([
    ['Jméno a příjmení', 'recipient.name'],
    ['PSČ', 'recipient.zip'],
    ['psc', 'recipient.zip'],
    ['Postcode', 'recipient.zip'],
    ['Ulice', 'recipient.street'],
    ['Adresa', 'recipient.street'],
    ['Obec', 'recipient.city'],
    ['Telefonní číslo', 'recipient.phone'],
    ['Mobile', 'recipient.phone'],
    ['E-mail zákazníka', 'recipient.email'],
    ['Název firmy', 'recipient.company'],
    ['Stát', 'recipient.country'],
    ['Odesílatel', 'sender.name'],
    ['PSČ odesílatele', 'sender.zip'],
    ['Dobírka', 'cod.amount'],
    ['Cash on delivery', 'cod.amount'],
    ['Měna', 'cod.currency'],
    ['IBAN', 'cod.account'],
    ['VS', 'cod.variableSymbol'],
    ['Hmotnost', 'package.weight'],
    ['kg', 'package.weight'],
    ['Počet kusů', 'package.count'],
    ['Číslo objednávky', 'reference'],
    ['Order number', 'reference'],
    ['Hodnota', 'insurance.value'],
    ['Přepravce', 'carrier'],
    ['Cena', null],
    ['', null],
  ] as const)('guesses %j as %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });
  it('reads a lone "Jméno" as the whole name, and as the first name next to "Příjmení"', () => {
    expect(guessFields(['Jméno', 'Ulice'])).toEqual(['recipient.name', 'recipient.street']);
    expect(guessFields(['Jméno', 'Příjmení'])).toEqual(['recipient.firstName', 'recipient.lastName']);
  });
  it('gives each field to one column only, the first', () => {
    expect(guessFields(['PSČ', 'Zip'])).toEqual(['recipient.zip', null]);
  });
  it('prefers what the user chose before, also "ignore", and guesses the rest', () => {
    const remembered = { zakaznik: 'recipient.company', psc: null } as const;
    expect(mappingFor(['Zákazník', 'PSČ', 'Město'], remembered)).toEqual(['recipient.company', null, 'recipient.city']);
  });
  it('remembers a file by its headers and moves a field taken by another column', () => {
    const mapping = assignField(['recipient.name', 'recipient.city'], 1, 'recipient.name');
    expect(mapping).toEqual([null, 'recipient.name']);
    const remembered = rememberMapping(['Kdo', 'Komu'], mapping, { stare: 'note' });
    expect(remembered).toEqual({ stare: 'note', kdo: null, komu: 'recipient.name' });
    expect(mappingFor(['KOMU ', 'kdo'], remembered)).toEqual(['recipient.name', null]);
  });
  it('reads back only a sound stored mapping', () => {
    expect(readRemembered({ psc: 'recipient.zip', x: 'admin', y: 3, '': 'note' })).toEqual({ psc: 'recipient.zip' });
    expect(readRemembered('junk')).toEqual({});
    expect(readRemembered(['recipient.zip'])).toEqual({});
  });
  it('names the required columns that are missing', () => {
    expect(missingRequired(TEMPLATE_FIELDS)).toEqual([]);
    expect(missingRequired(['recipient.firstName', 'recipient.lastName', 'recipient.city', 'recipient.zip', 'recipient.phone', 'package.weight'])).toEqual([
      'recipient.street',
      'recipient.email',
    ]);
    expect(missingRequired(['recipient.name'])).toEqual(['recipient.street', 'recipient.city', 'recipient.zip', 'recipient.phone', 'recipient.email', 'package.weight']);
    expect(missingRequired(['recipient.firstName'])).toContain('recipient.name');
    expect(missingRequired(['recipient.company'])).not.toContain('recipient.name');
    expect(missingRequired(TEMPLATE_FIELDS, { defaultSender: false })).toEqual([]);
    expect(missingRequired(TEMPLATE_FIELDS.filter((f) => f !== 'sender.phone'), { defaultSender: false })).toEqual(['sender.phone']);
  });
});

describe('formulas in cells', () => {
  it.each(['=HYPERLINK("http://evil.example","klik")', '=1+1', '@SUM(A1:A2)', "+cmd|' /C calc'!A0", '-2+3+cmd|x', '+A1', '  =1', '\t=1', '＝1+1', '-Praha'])('takes %j for a formula', (cell) => {
    expect(isFormulaLike(cell)).toBe(true);
  });
  it.each(['+420 601 234 567', '-12,5', '-', '1 490', 'jan@example.cz', 'Praha', '(+421) 905-123-456', 'a=b', ''])('takes %j for data', (cell) => {
    expect(isFormulaLike(cell)).toBe(false);
  });
});

describe('a row checked by the configurator schemas', () => {
  const headers = TEMPLATE_FIELDS.map(label('cs'));
  const mapping = mappingFor(headers);
  const row = (patch: Partial<Record<ImportField, string>> = {}) => {
    const base: Partial<Record<ImportField, string>> = {
      'recipient.name': 'Jan Novák',
      'recipient.street': 'Dlouhá 12',
      'recipient.city': 'Praha',
      'recipient.zip': '110 00',
      'recipient.phone': '601 234 567',
      'recipient.email': 'jan@example.cz',
      'package.weight': '2,5',
      ...patch,
    };
    return TEMPLATE_FIELDS.map((field) => base[field] ?? '');
  };
  const errorsOf = (cells: string[], context = ctx) => checkRow(cells, mapping, context).errors;

  it('makes a draft of a good row: the default sender, the split name, the §5 measures, the API payload', () => {
    const { draft, request, errors, defaultSender: usesDefault } = checkRow(row({ 'cod.amount': '1 490 Kč', 'cod.account': '19-2000145399/0800', 'recipient.country': 'Česko' }), mapping, ctx);
    expect(errors).toEqual([]);
    expect(usesDefault).toBe(true);
    expect(draft.sender).toEqual(defaultSender);
    expect(draft.recipient).toMatchObject({ firstName: 'Jan', lastName: 'Novák', country: 'cz', phoneNumber: { prefix: '+420', number: '601 234 567' }, zip: '110 00' });
    expect(draft.content).toEqual([{ type: 'package', weight: '2.5', width: '10', height: '10', length: '10' }]);
    expect(draft.services.cod).toEqual({ active: true, code: 'cod', data: { currency: 'CZK', value: '1490', includeShipmentCosts: false, bankAccount: { accountNumber: '19-2000145399', bankCode: '0800', variable: '' } } });
    expect(request).toMatchObject({ from: { city: 'Brno', zip: '60200' }, to: { phone: '+420601234567', zip: '11000' }, packages: [{ type: 0, weight: '2.5' }], carrier: '', service: '', complete: true });
  });

  it('splits an international phone by its calling code and reads a written country', () => {
    const { draft, errors } = checkRow(row({ 'recipient.country': 'Slovensko', 'recipient.zip': '811 01', 'recipient.city': 'Bratislava', 'recipient.phone': '00421 905 123 456' }), mapping, ctx);
    expect(errors).toEqual([]);
    expect(draft.recipient).toMatchObject({ country: 'sk', phoneNumber: { prefix: '+421', number: '905123456' } });
  });

  it('puts each error beside its cell, in words of the configurator', () => {
    expect(errorsOf(row({ 'recipient.zip': '999', 'recipient.email': 'jan@', 'package.weight': '80' }))).toEqual([
      { field: 'recipient.email', code: 'validation.email' },
      { field: 'recipient.zip', code: 'validation.zip' },
      { field: 'package.weight', code: 'validation.weightMax' },
    ]);
    expect(errorsOf(row({ 'recipient.zip': '81101' }))).toEqual([{ field: 'recipient.zip', code: 'validation.zipCountry' }]);
    expect(errorsOf(row({ 'recipient.name': 'Novák' }))).toEqual([{ field: 'recipient.name', code: 'import.error.surname' }]);
    expect(errorsOf(row({ 'package.type': 'kufr', 'package.count': '11' }))).toEqual([
      { field: 'package.type', code: 'validation.package_type' },
      { field: 'package.count', code: 'import.error.count', values: { max: 10 } },
    ]);
    expect(errorsOf(row({ 'cod.amount': '500', 'cod.account': '124/0800' }))).toEqual([
      { field: 'cod.account', code: 'validation.bankAccount' },
    ]);
    expect(errorsOf(row({ 'cod.amount': '500', 'cod.account': '19-2000145399/0800', 'cod.currency': 'EUR' }))).toEqual([{ field: 'cod.currency', code: 'validation.cod_currency' }]);
  });

  it('never takes a formula as data: the cell is in error and its value is not in the draft', () => {
    const { draft, request, errors } = checkRow(row({ 'recipient.street': '=HYPERLINK("http://evil.example","Dlouhá 12")', reference: "+cmd|' /C calc'!A0" }), mapping, ctx);
    expect(errors).toEqual([
      { field: 'recipient.street', code: 'import.error.formula' },
      { field: 'reference', code: 'import.error.formula' },
    ]);
    expect(draft.recipient.street).toBe('');
    expect(JSON.stringify({ draft, request })).not.toMatch(/HYPERLINK|cmd\|/);
  });

  it('uses the sender of the row when it has one, and says what the default sender lacks', () => {
    const own = checkRow(
      row({ 'sender.company': 'Sklad Jih', 'sender.street': 'Skladová 3', 'sender.city': 'Ostrava', 'sender.zip': '70030', 'sender.phone': '596 123 456', 'sender.email': 'sklad@example.cz' }),
      mapping,
      ctx,
    );
    expect(own.errors).toEqual([]);
    expect(own.defaultSender).toBe(false);
    expect(own.draft.sender).toMatchObject({ companyName: 'Sklad Jih', city: 'Ostrava', isProfile: false });
    const none = checkRow(row(), mapping, { ...ctx, defaultSender: null });
    expect(none.defaultSender).toBe(true);
    expect(none.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['sender.street', 'sender.email', 'sender.phone']));
  });

  describe('cash on delivery without an account column (an e-shop export)', () => {
    const shop: (ImportField | null)[] = ['recipient.name', 'recipient.street', 'recipient.city', 'recipient.zip', 'recipient.phone', 'recipient.email', 'package.weight', 'cod.amount', 'reference'];
    const cells = (cod: string) => ['Jan Novák', 'Dlouhá 12', 'Praha', '110 00', '601 234 567', 'jan@example.cz', '2', cod, 'OBJ-1'];
    const account = { accountNumber: '19-2000145399', bankCode: '0800' };

    it('without a default account the row says the account is missing, and the import asks for it', () => {
      const checked = checkRow(cells('1 490'), shop, ctx);
      expect(checked.errors).toEqual([{ field: 'cod.account', code: 'validation.required' }]);
      expect(checked.codAccountMissing).toBe(true);
      expect(checkRow(cells(''), shop, ctx).codAccountMissing).toBe(false);
    });

    it('takes the default account (a Czech one or an IBAN); an account of the row wins', () => {
      const checked = checkRow(cells('1 490'), shop, { ...ctx, defaultCodAccount: account });
      expect(checked.errors).toEqual([]);
      expect(checked).toMatchObject({ codAccountMissing: false, defaultCodAccount: true });
      expect(checked.draft.services.cod.data.bankAccount).toEqual({ ...account, variable: '' });
      const iban = checkRow(cells('1 490'), shop, { ...ctx, defaultCodAccount: { accountNumber: 'CZ6508000000192000145399', bankCode: '' } });
      expect(iban.errors).toEqual([]);
      expect(iban.draft.services.cod.data.bankAccount.accountNumber).toBe('CZ6508000000192000145399');
      const own = checkRow([...cells('1 490'), '2000145399/0800'], [...shop, 'cod.account'], { ...ctx, defaultCodAccount: account });
      expect(own).toMatchObject({ errors: [], defaultCodAccount: false });
      expect(own.draft.services.cod.data.bankAccount).toMatchObject({ accountNumber: '2000145399', bankCode: '0800' });
    });

    it('the row editor fills fields the file has no column for; their errors are beside them', () => {
      expect(checkRow(cells('1 490'), shop, ctx, { 'cod.account': '19-2000145399/0800' }).errors).toEqual([]);
      expect(checkRow(cells('1 490'), shop, ctx, { 'cod.account': '19-2000145399', 'cod.bankCode': '4248', 'cod.variableSymbol': 'OBJ-1' }).errors).toEqual([
        { field: 'cod.variableSymbol', code: 'validation.variableSymbol' },
        { field: 'cod.bankCode', code: 'validation.bankCode' },
      ]);
      expect(checkRow(cells('1 490'), shop, ctx, { 'cod.account': '=1+1' }).errors).toEqual([{ field: 'cod.account', code: 'import.error.formula' }]);
      expect(checkRow(cells(''), shop, ctx, { 'package.type': 'kufr', 'insurance.value': 'hodně' }).errors.map((e) => e.field)).toEqual(['package.type', 'insurance.value']);
    });
  });

  it('passes both example rows of each template', () => {
    for (const language of ['cs', 'sk', 'en'] as const) {
      const parsed = parseCsv(templateCsv(language, label(language)));
      if (!parsed.ok) throw new Error(parsed.problem);
      expect(parsed.delimiter).toBe(language === 'en' ? ',' : ';');
      const fileMapping = mappingFor(parsed.headers);
      expect(fileMapping).toEqual([...TEMPLATE_FIELDS]);
      expect(parsed.rows.map((r) => checkRow(r.cells, fileMapping, ctx).errors)).toEqual([[], []]);
    }
  });
});

describe('work in slices', () => {
  it('works in slices of the time budget, pausing and reporting progress between them', async () => {
    let clock = 0;
    const progress: number[] = [];
    let pauses = 0;
    // each item takes 10 "ms": a 25 ms slice holds three
    const out = await mapInSlices([1, 2, 3, 4, 5, 6, 7], (n) => ((clock += 10), n * 10), { sliceMs: 25, now: () => clock, pause: async () => void pauses++, onProgress: (done) => progress.push(done) });
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(progress).toEqual([3, 6, 7]);
    expect(pauses).toBe(2);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const work = mapInSlices([1, 2, 3], (n) => n, { sliceMs: 0, pause: async () => controller.abort(), signal: controller.signal });
    await expect(work).rejects.toThrow('cancelled');
  });

  it('parses and checks a 1,000-row file (time printed)', async () => {
    const header = TEMPLATE_FIELDS.map(label('cs')).join(';');
    const line = (i: number) =>
      TEMPLATE_FIELDS.map((f) => ({ 'recipient.name': `Jan Novák${i}`, 'recipient.street': `Dlouhá ${i}`, 'recipient.city': 'Praha', 'recipient.zip': '110 00', 'recipient.phone': '601 234 567', 'recipient.email': `jan${i}@example.cz`, 'package.weight': '2,5', 'cod.amount': i % 2 ? '1 490' : '', 'cod.account': '19-2000145399/0800', reference: `OBJ-${i}` })[f as string] ?? '').join(';');
    const text = [header, ...Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => line(i))].join('\r\n');
    const bytes = new TextEncoder().encode(text);
    const run = async () => {
      const started = performance.now();
      const decoded = decodeCsv(bytes);
      const parsed = parseCsv(decoded.ok ? decoded.text : '');
      if (!parsed.ok) throw new Error(parsed.problem);
      const parsedAt = performance.now();
      const fileMapping = mappingFor(parsed.headers);
      const checked = await mapInSlices(parsed.rows, (r) => checkRow(r.cells, fileMapping, ctx), { pause: async () => {} });
      return { checked, parse: parsedAt - started, total: performance.now() - started };
    };
    const cold = await run();
    const warm = await run();
    console.log(
      `1,000-row CSV (${(bytes.length / 1024).toFixed(0)} kB) decoded, parsed and checked: first run ${cold.total.toFixed(0)} ms (parse ${cold.parse.toFixed(0)} ms), again ${warm.total.toFixed(0)} ms (parse ${warm.parse.toFixed(0)} ms)`,
    );
    expect(warm.checked.filter((c) => c.errors.length === 0)).toHaveLength(MAX_IMPORT_ROWS);
  });
});

describe('the priced rows into the cart', () => {
  it('adds each row as a new cart item after what the cart holds, leaving the configurator draft alone', () => {
    const store = createStore();
    const draft = { ...emptyDraft('cz'), reference: 'in the configurator' };
    store.set(startDraftAtom, draft);
    store.set(selectedQuoteAtom, sampleQuote());
    store.set(addToCartAtom);
    const rows = ['OBJ-1', 'OBJ-2'].map((reference) => ({ shipment: { ...emptyDraft('cz'), reference }, quote: sampleQuote(), collectionPoint: null, deliveryPoint: null }));
    store.set(addItemsToCartAtom, rows);
    const { items } = store.get(cartAtom);
    expect(items.map((item) => item.shipment.reference)).toEqual(['in the configurator', 'OBJ-1', 'OBJ-2']);
    expect(new Set(items.map((item) => item.cartId)).size).toBe(3);
    expect(items[2]!.shipment.cartId).toBe(items[2]!.cartId);
    expect(store.get(draftAtom)?.reference).toBe('in the configurator');
  });
});
