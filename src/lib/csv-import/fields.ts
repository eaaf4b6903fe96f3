/**
 * The fields a CSV column can be mapped to, and the guess of a column's field from its
 * header in Czech or English ("Příjemce – PSČ", "Recipient ZIP", "psc", "Postcode").
 * The template's headers are the first words of each field, so the template always maps
 * itself completely.
 */

const PARTY_PARTS = ['name', 'firstName', 'lastName', 'company', 'street', 'city', 'zip', 'country', 'phone', 'email'] as const;
export type PartyPart = (typeof PARTY_PARTS)[number];
export type Side = 'recipient' | 'sender';

export const IMPORT_FIELDS = [
  ...PARTY_PARTS.map((part) => `recipient.${part}` as const),
  'package.weight',
  'package.length',
  'package.width',
  'package.height',
  'package.type',
  'package.count',
  'cod.amount',
  'cod.currency',
  'cod.account',
  'cod.bankCode',
  'cod.variableSymbol',
  'insurance.value',
  'reference',
  'note',
  'carrier',
  'service',
  ...PARTY_PARTS.map((part) => `sender.${part}` as const),
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const isImportField = (value: unknown): value is ImportField => (IMPORT_FIELDS as readonly unknown[]).includes(value);

/** a field's label: the translation id `import.field.<field>` */
export const fieldLabelId = (field: ImportField) => `import.field.${field}`;

type Requirement = { id: ImportField; anyOf: readonly (readonly ImportField[])[] };

const partyRequirements = (side: Side): Requirement[] => [
  { id: `${side}.name`, anyOf: [[`${side}.name`], [`${side}.firstName`, `${side}.lastName`], [`${side}.company`]] },
  ...(['street', 'city', 'zip', 'phone', 'email'] as const).map((part) => ({ id: `${side}.${part}` as const, anyOf: [[`${side}.${part}` as const]] })),
];

/**
 * What a file must have columns for: a recipient who can be named (a name, both names,
 * or a company), the recipient's address and contacts, and the weight; the same of the
 * sender when the user has no default sender. Everything else has a default: the country
 * of the territory, the §5 package measures, the default sender.
 */
const REQUIRED: Requirement[] = [...partyRequirements('recipient'), { id: 'package.weight', anyOf: [['package.weight']] }];
const REQUIRED_WITHOUT_DEFAULT_SENDER: Requirement[] = [...REQUIRED, ...partyRequirements('sender')];

/** The required fields no column is mapped to (by the id of their requirement). */
export function missingRequired(mapped: Iterable<ImportField | null>, { defaultSender = true } = {}): ImportField[] {
  const have = new Set(mapped);
  return (defaultSender ? REQUIRED : REQUIRED_WITHOUT_DEFAULT_SENDER).filter((rule) => !rule.anyOf.some((group) => group.every((field) => have.has(field)))).map((rule) => rule.id);
}

// ── header guessing ─────────────────────────────────────────────────────────

/** 'Příjemce – PSČ (kód)' → 'prijemce psc kod': lower case, no diacritics, words only (headers, country names) */
export function foldText(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Whether the normalized header contains one of the phrases as whole words; a word ending
 * in `*` matches any word it starts (Czech endings: `dobirk*` is dobírka, dobírky, dobírkou).
 */
function has(words: readonly string[], ...phrases: string[]): boolean {
  return phrases.some((phrase) => {
    const parts = phrase.split(' ');
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((part, j) => {
        const word = words[i + j]!;
        return part.endsWith('*') ? word.startsWith(part.slice(0, -1)) : word === part;
      }))
        return true;
    }
    return false;
  });
}

// Czech, Slovak (odosielateľ) and English words (a phrase another one of the list already
// matches, such as 'order number' beside 'order', is left out)
const SENDER = ['odesilatel*', 'odosielatel*', 'sender', 'from', 'shipper', 'odesilajici'];

function guessPartyPart(w: readonly string[]): PartyPart | null {
  if (has(w, 'email', 'mail')) return 'email';
  if (has(w, 'telefon*', 'tel', 'phone', 'telephone', 'mobil*', 'gsm')) return 'phone';
  if (has(w, 'psc', 'zip', 'postcode', 'post code', 'postal*', 'smerovaci*')) return 'zip';
  if (has(w, 'zeme', 'stat', 'country', 'krajina')) return 'country';
  if (has(w, 'mesto', 'obec', 'city', 'town', 'mesta', 'obce')) return 'city';
  if (has(w, 'ulice', 'ulica', 'street', 'adresa', 'address', 'addr')) return 'street';
  if (has(w, 'firma', 'firmy', 'spolecnost*', 'company', 'organizace', 'organization', 'organisation')) return 'company';
  if (has(w, 'jmeno a prijmeni', 'cele jmeno', 'meno a priezvisko')) return 'name';
  if (has(w, 'prijmeni', 'priezvisko', 'last name', 'lastname', 'surname', 'family name')) return 'lastName';
  if (has(w, 'krestni*', 'first name', 'firstname', 'given name', 'jmeno', 'meno')) return 'firstName';
  if (has(w, 'name', 'nazev', 'nazov', 'prijemce', 'prijemci', 'prijemca', 'recipient', 'adresat', 'consignee', 'customer', 'zakaznik', 'odesilatel', 'odosielatel', 'sender', 'shipper')) return 'name';
  return null;
}

/** The field a header names, or null. */
export function guessField(header: string): ImportField | null {
  // Stryker disable next-line MethodExpression: foldText leaves no empty word but an empty header's, which no phrase matches
  const w = foldText(header).split(' ').filter(Boolean);
  // Stryker disable next-line ConditionalExpression: the same (an empty header guesses nothing either way)
  if (w.length === 0) return null;
  if (has(w, 'dobirk*', 'dobierk*', 'cod', 'cash')) {
    if (has(w, 'mena', 'currency')) return 'cod.currency';
    if (has(w, 'vs', 'variabiln*', 'variable*', 'symbol')) return 'cod.variableSymbol';
    if (has(w, 'kod banky', 'bank code', 'sort code')) return 'cod.bankCode';
    if (has(w, 'ucet', 'uctu', 'account', 'iban', 'bank')) return 'cod.account';
    return 'cod.amount';
  }
  if (has(w, 'vs', 'variabiln*', 'variable symbol')) return 'cod.variableSymbol';
  if (has(w, 'mena', 'currency')) return 'cod.currency';
  if (has(w, 'kod banky', 'bank code')) return 'cod.bankCode';
  if (has(w, 'iban', 'cislo uctu', 'bankovni ucet', 'bankovy ucet', 'bank account', 'account number')) return 'cod.account';
  if (has(w, 'pojist*', 'poist*', 'insurance', 'insured', 'hodnota', 'value')) return 'insurance.value';
  if (has(w, 'hmotnost*', 'vaha', 'weight', 'kg')) return 'package.weight';
  if (has(w, 'delka', 'dlzka', 'length')) return 'package.length';
  if (has(w, 'sirka', 'width')) return 'package.width';
  if (has(w, 'vyska', 'height')) return 'package.height';
  if (has(w, 'pocet*', 'count', 'quantity', 'ks', 'kusu', 'pieces', 'parcels', 'packages')) return 'package.count';
  if (has(w, 'druh zasilky', 'druh zasielky', 'typ', 'type')) return 'package.type';
  if (has(w, 'dopravce', 'prepravce', 'prepravca', 'carrier', 'courier', 'kuryr', 'kurier', 'dopravca')) return 'carrier';
  if (has(w, 'sluzba', 'sluzby', 'service', 'produkt', 'product')) return 'service';
  if (has(w, 'poznam*', 'note', 'notes', 'comment', 'komentar')) return 'note';
  if (has(w, 'reference', 'referencia', 'ref', 'objednavk*', 'order')) return 'reference';
  const part = guessPartyPart(w);
  if (!part) return null;
  return has(w, ...SENDER) ? `sender.${part}` : `recipient.${part}`;
}

/**
 * Fields of the headers from left to right, each field at most once. A "first name"
 * column whose side has no "last name" column holds the whole name (a Czech "Jméno"
 * often does).
 */
export function guessFields(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const fields = headers.map((header) => {
    const field = guessField(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  return fields.map((field) => {
    if (field?.endsWith('.firstName')) {
      const side = field.split('.')[0] as Side;
      if (!taken.has(`${side}.lastName`) && !taken.has(`${side}.name`)) return `${side}.name` as const;
    }
    return field;
  });
}
