import * as v from 'valibot';
import { formFieldOfServer, issuesToFieldErrors, type FieldErrors } from '../configurator-form';
import { DEFAULT_PACKAGE, MAX_PACKAGES } from '../quote-defaults';
import { draftToQuoteRequest, type QuoteRequest } from '../quote-request';
import { codCurrencies } from '../quote-rules';
import { AddressSchema, emptyAddress, type AddressForm } from '../schemas/address';
import { emptyDraft, type ShipmentDraft } from '../schemas/draft';
import { ImportRowSchema } from '../schemas/import';
import { PackagesSchema } from '../schemas/package';
import { servicesSchema, type CodAccount } from '../schemas/services';
import type { PackageType, Territory } from '../types/quote';
import { looksLikeIban, normalizeIban, parseDecimal } from '../validators';
import type { Countries } from './country';
import { foldText, type ImportField, type PartyPart, type Side } from './fields';
import { isFormulaLike } from './formula';
import type { ColumnMapping } from './mapping';

/**
 * One CSV row → a configurator draft → the configurator's own checks. The draft is what
 * the cart keeps; the checks are the schemas the configurator steps and POST v1/orders
 * use (addresses complete for sending, filled packages, the services of the route, the
 * §7 payload of an order item), so a row that passes here is one the checkout accepts.
 */

export type RowContext = {
  territory: Territory;
  /** the user's default sender (profile or address book), or null when there is none */
  defaultSender: AddressForm | null;
  countries: Countries;
  /** the account's default COD account: a COD row with no account cell takes it */
  defaultCodAccount?: CodAccount | null;
};

/** values of a row's fields the file has no column for, filled in the row editor */
export type ExtraCells = Partial<Record<ImportField, string>>;

/** An error of a row: the field it belongs to (null: the row as a whole) and a translation id. */
export type RowError = { field: ImportField | null; code: string; values?: Record<string, string | number> };

/** the §7 payload of the draft and the row's preference as written */
export type ImportRowRequest = QuoteRequest & { carrier: string; service: string };

export type CheckedRow = {
  draft: ShipmentDraft;
  /** the row as POST v1/import/price takes it */
  request: ImportRowRequest;
  errors: RowError[];
  /** the sender is the default one (no sender cell filled) */
  defaultSender: boolean;
  /** cash on delivery with no account cell and no default account: the import asks for one */
  codAccountMissing: boolean;
  /** cash on delivery paid to the default account */
  defaultCodAccount: boolean;
};

/** cells longer than this are not a shipment's data */
export const MAX_CELL_CHARS = 300;

const PACKAGE_TYPE_WORDS: Record<string, PackageType> = {
  '': 'package',
  '0': 'package',
  package: 'package',
  parcel: 'package',
  balik: 'package',
  balicek: 'package',
  '10': 'envelope',
  envelope: 'envelope',
  obalka: 'envelope',
  '20': 'tire',
  tire: 'tire',
  tyre: 'tire',
  pneumatika: 'tire',
  pneu: 'tire',
  '30': 'pallet',
  pallet: 'pallet',
  paleta: 'pallet',
};

const CURRENCY_WORDS: Record<string, string> = { kc: 'CZK', 'kč': 'CZK', '€': 'EUR', eur: 'EUR', czk: 'CZK' };

/** units people leave after numbers: '2,5 kg', '1 490 Kč', '30cm' */
const UNIT = /\s*(kg|g|cm|mm|kč|kc|czk|eur|€)\.?$/i;

/** A number cell as the schemas read it ('1 490,50 Kč' → '1490.5'); anything else stays as written, for its error. */
function numberText(cell: string): string {
  const value = cell.trim().replace(UNIT, '');
  const number = parseDecimal(value);
  return number === null ? cell.trim() : String(number);
}

function splitName(full: string): { firstName: string; lastName: string } {
  // Stryker disable next-line MethodExpression,Regex: the name cell is trimmed already, so no empty words either way (equivalent)
  const words = full.trim().split(/\s+/).filter(Boolean);
  // Stryker disable next-line StringLiteral: a trimmed, non-empty name has a first word (equivalent)
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

function phoneOf(cell: string, country: string, countries: Countries): AddressForm['phoneNumber'] {
  const compact = cell.replace(/[\s\u00A0().\/-]/g, '');
  const own = countries.prefixOf(country);
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (international) return countries.splitInternational(international[1]!, own) ?? { prefix: '', number: cell.trim() };
  return { prefix: own ?? '', number: cell.trim() };
}

type Cells = (field: ImportField) => string;

function partyOf(side: Side, cell: Cells, ctx: RowContext): AddressForm {
  const get = (part: PartyPart) => cell(`${side}.${part}`).trim();
  const countryCell = get('country');
  const country = countryCell === '' ? ctx.territory : (ctx.countries.codeOf(countryCell) ?? countryCell);
  const names = get('name') !== '' ? splitName(get('name')) : { firstName: get('firstName'), lastName: get('lastName') };
  return {
    ...emptyAddress(country),
    companyName: get('company'),
    ...names,
    // Stryker disable next-line ConditionalExpression,StringLiteral: phoneOf gives the same for an empty cell (equivalent)
    phoneNumber: get('phone') === '' ? { prefix: ctx.countries.prefixOf(country) ?? '', number: '' } : phoneOf(get('phone'), country, ctx.countries),
    email: get('email'),
    street: get('street'),
    city: get('city'),
    zip: get('zip'),
  };
}

const SENDER_FIELDS: ImportField[] = (['name', 'firstName', 'lastName', 'company', 'street', 'city', 'zip', 'country', 'phone', 'email'] as const).map((part) => `sender.${part}` as const);

/** The draft of a row (cells already screened: a formula or an overlong cell reads as empty). */
function draftOf(cell: Cells, ctx: RowContext): { draft: ShipmentDraft; defaultSender: boolean; errors: RowError[]; codAccount: 'cells' | 'default' | 'missing' | null } {
  const errors: RowError[] = [];
  const base = emptyDraft(ctx.territory);
  const ownSender = SENDER_FIELDS.some((field) => cell(field).trim() !== '');
  const sender = ownSender ? partyOf('sender', cell, ctx) : (ctx.defaultSender ?? base.sender);
  const recipient = partyOf('recipient', cell, ctx);

  const typeWord = foldText(cell('package.type'));
  const type = PACKAGE_TYPE_WORDS[typeWord];
  if (type === undefined) errors.push({ field: 'package.type', code: 'validation.package_type' });
  const countText = cell('package.count').trim();
  const count = countText === '' ? 1 : Number(countText);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PACKAGES) errors.push({ field: 'package.count', code: 'import.error.count', values: { max: MAX_PACKAGES } });
  const measure = (field: ImportField, fallback: number) => (cell(field).trim() === '' ? String(fallback) : numberText(cell(field)));
  const pkg = {
    type: type ?? 'package',
    weight: numberText(cell('package.weight')),
    width: measure('package.width', DEFAULT_PACKAGE.width),
    height: measure('package.height', DEFAULT_PACKAGE.height),
    length: measure('package.length', DEFAULT_PACKAGE.length),
  };
  // Stryker disable next-line EqualityOperator: a count of 1 makes one package on either branch (equivalent)
  const content = Array.from({ length: Number.isInteger(count) && count >= 1 && count <= MAX_PACKAGES ? count : 1 }, () => ({ ...pkg }));

  const services = structuredClone(base.services);
  const codAmount = cell('cod.amount').trim();
  let codAccount: 'cells' | 'default' | 'missing' | null = null;
  if (codAmount !== '') {
    const written = cell('cod.currency').trim();
    const currency = written === '' ? (codCurrencies(sender.country, recipient.country)[0] ?? base.currency) : (CURRENCY_WORDS[written.toLowerCase()] ?? written.toUpperCase());
    const account = cell('cod.account').replace(/[\s\u00A0]/g, '');
    const bankCell = cell('cod.bankCode').trim();
    const fallback = account === '' && bankCell === '' ? (ctx.defaultCodAccount ?? null) : null;
    // Stryker disable next-line StringLiteral: 'cells' is neither 'missing' nor 'default', as "" is not (equivalent)
    codAccount = account !== '' || bankCell !== '' ? 'cells' : fallback ? 'default' : 'missing';
    const [accountNumber, bankCode] = fallback
      ? [fallback.accountNumber, fallback.bankCode]
      : looksLikeIban(account)
        ? [normalizeIban(account), '']
        : account.includes('/')
          ? account.split('/', 2)
          : [account, ''];
    services.cod = {
      active: true,
      code: 'cod',
      data: {
        currency,
        value: numberText(codAmount),
        includeShipmentCosts: false,
        bankAccount: { accountNumber: accountNumber!, bankCode: bankCell || bankCode!, variable: cell('cod.variableSymbol').trim() },
      },
    };
  }
  const insured = cell('insurance.value').trim();
  if (insured !== '') services.ins = { active: true, code: 'ins', data: { value: numberText(insured), currency: base.currency } };

  const draft: ShipmentDraft = {
    ...base,
    sender,
    recipient,
    content,
    services,
    reference: cell('reference').trim(),
    note: cell('note').trim(),
  };
  return { draft, defaultSender: !ownSender, errors, codAccount };
}

/** The field of a draft path ('recipient.phoneNumber.number', 'content.0.weight'), given what is mapped. */
export function fieldOfPath(path: string, mapped: ReadonlySet<ImportField>): ImportField | null {
  const [head, a, b, c] = path.split('.');
  if (head === 'sender' || head === 'recipient') {
    const side = head;
    const pick = (...candidates: PartyPart[]) => candidates.map((part) => `${side}.${part}` as const).find((field) => mapped.has(field)) ?? `${side}.${candidates[0]!}`;
    switch (a) {
      case 'firstName':
        return pick('firstName', 'name', 'company');
      case 'lastName':
        return pick('lastName', 'name', 'company');
      case 'companyName':
        return `${side}.company`;
      case 'phoneNumber':
        return `${side}.phone`;
      case 'street':
      case 'city':
      case 'zip':
      case 'country':
      case 'email':
        return `${side}.${a}`;
      default:
        return null;
    }
  }
  if (head === 'content') {
    if (b === 'type') return 'package.type';
    if (b === 'weight' || b === 'width' || b === 'height' || b === 'length') return `package.${b}`;
    return 'package.count';
  }
  if (head === 'services' && a === 'cod') {
    if (b === 'value') return 'cod.amount';
    if (b === 'currency') return 'cod.currency';
    if (b === 'bankAccount' && c === 'bankCode') return mapped.has('cod.bankCode') ? 'cod.bankCode' : 'cod.account';
    if (b === 'bankAccount' && c === 'variable') return 'cod.variableSymbol';
    return 'cod.account';
  }
  if (head === 'services' && a === 'ins') return 'insurance.value';
  if (head === 'reference' || head === 'carrier' || head === 'service' || head === 'note') return head;
  if (head === 'currency') return 'cod.currency';
  return null;
}

/** the services schema of a route, built once per route of the file */
const servicesSchemas = new Map<string, ReturnType<typeof servicesSchema>>();
function servicesSchemaOf(from: string, to: string) {
  const key = `${from}>${to}`;
  let schema = servicesSchemas.get(key);
  // Stryker disable next-line ConditionalExpression: a cache: rebuilding the schema gives the same one (equivalent)
  if (!schema) servicesSchemas.set(key, (schema = servicesSchema({ from, to })));
  return schema;
}

/** the default sender is the same object in every row: checked once */
const checkedSenders = new WeakMap<AddressForm, FieldErrors>();
function senderErrors(address: AddressForm): FieldErrors {
  let errors = checkedSenders.get(address);
  if (!errors) checkedSenders.set(address, (errors = issuesToFieldErrors(v.safeParse(AddressSchema, address).issues, 'sender')));
  return errors;
}

/** Field errors of the draft and of its API payload by the shared schemas, keyed by draft path. */
function schemaErrors(draft: ShipmentDraft, request: ImportRowRequest): FieldErrors {
  const errors: FieldErrors = {
    ...senderErrors(draft.sender),
    ...issuesToFieldErrors(v.safeParse(AddressSchema, draft.recipient).issues, 'recipient'),
    ...issuesToFieldErrors(v.safeParse(PackagesSchema, draft.content).issues, 'content'),
    ...issuesToFieldErrors(v.safeParse(servicesSchemaOf(draft.sender.country, draft.recipient.country), draft.services).issues, 'services'),
  };
  const api = v.safeParse(ImportRowSchema, request);
  // the payload's services are a list: 'services.1.data' is the service of that item's code
  // Stryker disable next-line Regex: issue paths start with services and a row has fewer than 10 services (equivalent)
  const named = (field: string) => field.replace(/^services\.(\d+)/, (whole, i: string) => (request.services[Number(i)] ? `services.${request.services[Number(i)]!.code}` : whole));
  for (const [field, code] of Object.entries(issuesToFieldErrors(api.issues, ''))) errors[formFieldOfServer(named(field))] ??= code;
  return errors;
}

/** the fields a row has: the mapped columns and the fields filled in the row editor */
export function fieldsOfRow(mapping: ColumnMapping, extra: ExtraCells = {}): Set<ImportField> {
  return new Set([...mapping.filter((field): field is ImportField => field !== null), ...(Object.keys(extra) as ImportField[])]);
}

/**
 * Checks one row: its cells under the mapping (and the values of fields the file has no
 * column for, filled in the row editor), the draft they make, the shared schemas.
 */
export function checkRow(cells: readonly string[], mapping: ColumnMapping, ctx: RowContext, extra: ExtraCells = {}): CheckedRow {
  const errors: RowError[] = [];
  const byField = new Map<ImportField, string>();
  const screen = (field: ImportField, value: string) => {
    if (isFormulaLike(value)) errors.push({ field, code: 'import.error.formula' });
    else if (value.length > MAX_CELL_CHARS) errors.push({ field, code: 'import.error.cell_too_long', values: { max: MAX_CELL_CHARS } });
    else byField.set(field, value);
  };
  mapping.forEach((field, i) => {
    if (field) screen(field, cells[i] ?? '');
  });
  for (const [field, value] of Object.entries(extra) as [ImportField, string][]) if (!mapping.includes(field)) screen(field, value);
  const cell: Cells = (field) => byField.get(field) ?? '';
  const { draft, defaultSender, errors: draftErrors, codAccount } = draftOf(cell, ctx);
  const request: ImportRowRequest = { ...draftToQuoteRequest(draft, { complete: true }), carrier: cell('carrier').trim(), service: cell('service').trim() };

  const mapped = fieldsOfRow(mapping, extra);
  // one error per field: a cell already in error (a formula, a bad type) is not blamed twice
  const seen = new Set(errors.map((error) => error.field));
  const add = (error: RowError) => {
    if (error.field !== null && seen.has(error.field)) return;
    errors.push(error);
    seen.add(error.field);
  };
  draftErrors.forEach(add);
  for (const [path, code] of Object.entries(schemaErrors(draft, request))) {
    const field = fieldOfPath(path, mapped);
    const surname = (path === 'recipient.lastName' || path === 'sender.lastName') && field?.endsWith('.name') && code === 'validation.required';
    add({ field, code: surname ? 'import.error.surname' : code });
  }
  return { draft, request, errors, defaultSender, codAccountMissing: codAccount === 'missing', defaultCodAccount: codAccount === 'default' };
}
