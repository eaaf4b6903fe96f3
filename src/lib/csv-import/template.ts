import type { ImportField } from './fields';

/**
 * The downloadable template: a header of field labels (the same words the import's guess
 * reads) and two example rows that pass the import's checks. Czech spreadsheets separate
 * with a semicolon and write decimal commas, English ones a comma and decimal points; the
 * BOM makes Excel read the file as UTF-8. Phones and postcodes are written with spaces, so a
 * spreadsheet keeps them as text (a leading + or 0 would be taken for a number).
 */

export const TEMPLATE_FIELDS: readonly ImportField[] = [
  'recipient.name',
  'recipient.company',
  'recipient.street',
  'recipient.city',
  'recipient.zip',
  'recipient.country',
  'recipient.phone',
  'recipient.email',
  'package.weight',
  'package.length',
  'package.width',
  'package.height',
  'package.type',
  'package.count',
  'cod.amount',
  'cod.currency',
  'cod.account',
  'cod.variableSymbol',
  'insurance.value',
  'reference',
  'note',
  'carrier',
  'service',
  'sender.name',
  'sender.company',
  'sender.street',
  'sender.city',
  'sender.zip',
  'sender.country',
  'sender.phone',
  'sender.email',
];

type Example = Partial<Record<ImportField, string>>;

/** the languages of the template: Czech and Slovak (semicolons, as their Excel writes CSV), English (commas) */
export type TemplateLanguage = 'cs' | 'sk' | 'en';

const EXAMPLES: Record<TemplateLanguage, [Example, Example]> = {
  cs: [
    {
      'recipient.name': 'Jan Novák',
      'recipient.street': 'Dlouhá 12',
      'recipient.city': 'Praha',
      'recipient.zip': '110 00',
      'recipient.country': 'CZ',
      'recipient.phone': '601 234 567',
      'recipient.email': 'jan.novak@example.cz',
      'package.weight': '2,5',
      'package.length': '30',
      'package.width': '20',
      'package.height': '15',
      'package.type': 'balík',
      'package.count': '1',
      'cod.amount': '1 490',
      'cod.currency': 'CZK',
      'cod.account': '19-2000145399/0800',
      'cod.variableSymbol': '2026001',
      'insurance.value': '2 000',
      reference: 'OBJ-2026-001',
      note: 'Křehké, nestavět na sebe',
    },
    {
      'recipient.name': 'Eva Malá',
      'recipient.company': 'Malá s.r.o.',
      'recipient.street': 'Hlavná 5',
      'recipient.city': 'Bratislava',
      'recipient.zip': '811 01',
      'recipient.country': 'SK',
      'recipient.phone': '905 123 456',
      'recipient.email': 'eva.mala@example.sk',
      'package.weight': '1',
      'package.length': '25',
      'package.width': '15',
      'package.height': '10',
      'package.type': 'balík',
      'package.count': '2',
      reference: 'OBJ-2026-002',
      carrier: 'DPD',
    },
  ],
  sk: [
    {
      'recipient.name': 'Ján Kováč',
      'recipient.street': 'Hlavná 12',
      'recipient.city': 'Bratislava',
      'recipient.zip': '811 01',
      'recipient.country': 'SK',
      'recipient.phone': '905 123 456',
      'recipient.email': 'jan.kovac@example.sk',
      'package.weight': '2,5',
      'package.length': '30',
      'package.width': '20',
      'package.height': '15',
      'package.type': 'balík',
      'package.count': '1',
      'cod.amount': '59,90',
      'cod.currency': 'EUR',
      'cod.account': 'SK68 0200 0000 0019 8742 6388',
      'cod.variableSymbol': '2026001',
      'insurance.value': '80',
      reference: 'OBJ-2026-001',
      note: 'Krehké, neukladať na seba',
    },
    {
      'recipient.name': 'Eva Malá',
      'recipient.company': 'Malá s.r.o.',
      'recipient.street': 'Dlouhá 5',
      'recipient.city': 'Praha',
      'recipient.zip': '110 00',
      'recipient.country': 'CZ',
      'recipient.phone': '601 234 567',
      'recipient.email': 'eva.mala@example.cz',
      'package.weight': '1',
      'package.height': '10',
      'package.type': 'balík',
      'package.count': '2',
      reference: 'OBJ-2026-002',
      carrier: 'DPD',
    },
  ],
  en: [
    {
      'recipient.name': 'John Smith',
      'recipient.street': 'Dlouha 12',
      'recipient.city': 'Prague',
      'recipient.zip': '110 00',
      'recipient.country': 'CZ',
      'recipient.phone': '601 234 567',
      'recipient.email': 'john.smith@example.com',
      'package.weight': '2.5',
      'package.length': '30',
      'package.width': '20',
      'package.height': '15',
      'package.type': 'package',
      'package.count': '1',
      'cod.amount': '1490',
      'cod.currency': 'CZK',
      'cod.account': '19-2000145399/0800',
      'cod.variableSymbol': '2026001',
      'insurance.value': '2000',
      reference: 'ORDER-2026-001',
      note: 'Fragile, do not stack',
    },
    {
      'recipient.name': 'Eva Mala',
      'recipient.company': 'Mala s.r.o.',
      'recipient.street': 'Hlavna 5',
      'recipient.city': 'Bratislava',
      'recipient.zip': '811 01',
      'recipient.country': 'SK',
      'recipient.phone': '905 123 456',
      'recipient.email': 'eva.mala@example.sk',
      'package.weight': '1',
      'package.length': '25',
      'package.width': '15',
      'package.height': '10',
      'package.type': 'package',
      'package.count': '2',
      reference: 'ORDER-2026-002',
      carrier: 'DPD',
    },
  ],
};

export const templateFileName = (language: TemplateLanguage) => ({ cs: 'zasilky-sablona.csv', sk: 'zasielky-sablona.csv', en: 'shipments-template.csv' })[language];

/** a cell quoted when it holds the delimiter, a quote or a line break */
const cellText = (cell: string, delimiter: string) => (cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** `label` gives a field's header in the language (the import's `import.field.*` texts). */
export function templateCsv(language: TemplateLanguage, label: (field: ImportField) => string): string {
  const delimiter = language === 'en' ? ',' : ';';
  const rows = [TEMPLATE_FIELDS.map(label), ...EXAMPLES[language].map((example) => TEMPLATE_FIELDS.map((field) => example[field] ?? ''))];
  return `\uFEFF${rows.map((cells) => cells.map((cell) => cellText(cell, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}
