// The volume generator (issue 28): a year of realistic orders, parcels, payments, tracking,
// books, invoices, claims, ratings and address books, deterministic from a seed. Pure: rows
// go to a sink (node:sqlite in scripts/volume/seed-volume.mjs, D1 in the worker test). Formats
// follow what the product writes (services/orders, ledger/postings.ts, billing/monthly.ts).
import { balikovnaTracking } from '../../src/server/carriers/balikovna/tracking';
import { dpdTracking } from '../../src/server/carriers/dpd/tracking';
import { fedexTracking } from '../../src/server/carriers/fedex/tracking';
import { glsTracking } from '../../src/server/carriers/gls/tracking';
import { liftagoTracking } from '../../src/server/carriers/liftago/tracking';
import { pplTracking } from '../../src/server/carriers/ppl/tracking';
import { toptransTracking } from '../../src/server/carriers/toptrans/tracking';
import type { TrackingStatusMap } from '../../src/server/carriers/types';
import type { Quote } from '../../src/lib/types/quote';
import { compactQuote } from '../../src/server/services/orders/stored-quote';
import { upsTracking } from '../../src/server/carriers/ups/tracking';
import { wedoTracking } from '../../src/server/carriers/wedo/tracking';

export type Row = Record<string, string | number | null>;
export type Sink = (table: string, row: Row) => void;

/** where the generated rows continue: the next free id of each table and the sequences' values */
export type Start = {
  ids: Record<string, number>;
  counters: Record<string, number>;
  /** tracking numbers already taken */
  tracking: Set<string>;
  /** user e-mails already taken */
  emails: Set<string>;
};

export const ID_TABLES = ['users', 'orders', 'order_items', 'payments', 'shipments', 'tracking_events', 'ledger_entries', 'invoices', 'bank_transactions', 'credit_entries', 'billing_payments', 'addresses', 'claims', 'claim_messages', 'ratings', 'contracts', 'outbox'] as const;

export const HEAVY_ACCOUNT = { email: 'eshop@zasilkovac.test', password: 'Eshop-heslo-2026', company: 'Objemový e-shop s.r.o.' };

export type Options = {
  parcels: number;
  seed: number;
  /** the last day of the generated year, YYYY-MM-DD (its data ends then) */
  until: string;
  /** stored for every generated account (one PBKDF2 hash: the heavy account signs in with HEAVY_ACCOUNT.password) */
  passwordHash: string | null;
  /**
   * the heavy e-shop account's shipments (default 50,000, at most 40 % of the parcels) and
   * address-book size (default one per 25 of its shipments, 20 to 2,000; given, exactly that many)
   */
  heavyShipments?: number;
  heavyAddresses?: number;
  /** the public origin the card sandbox's redirect URLs carry */
  origin?: string;
  /** days the data spans, ending on `until` (default 365), and the heavy account's largest share of the parcels (default 0.4) */
  days?: number;
  heavyShare?: number;
};

export type Summary = { counts: Record<string, number>; heavyUserId: number; until: string; counters: Record<string, number> };

// ── deterministic randomness ─────────────────────────────────────────────────

function sfc32(a: number, b: number, c: number, d: number) {
  return () => {
    a |= 0; b |= 0; c |= 0; d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function prng(seed: number) {
  const next = sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, seed >>> 0);
  for (let i = 0; i < 15; i++) next();
  const int = (n: number) => Math.floor(next() * n);
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const HEX = '0123456789abcdef';
  const fromAlphabet = (alphabet: string, n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[int(alphabet.length)];
    return s;
  };
  return {
    next,
    int,
    between: (lo: number, hi: number) => lo + int(hi - lo + 1),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]!,
    /** weighted choice: [value, weight][] */
    weighted: <T>(xs: readonly (readonly [T, number])[]): T => {
      let r = next() * xs.reduce((s, [, w]) => s + w, 0);
      for (const [v, w] of xs) if ((r -= w) < 0) return v;
      return xs[xs.length - 1]![0];
    },
    digits: (n: number) => fromAlphabet('0123456789', n),
    /** randomToken(bytes): base64url without padding, as identity/crypto.ts */
    token: (bytes: number) => fromAlphabet(B64, Math.ceil((bytes * 4) / 3)),
    hex: (bytes: number) => fromAlphabet(HEX, bytes * 2),
    alnum: (n: number) => fromAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', n),
    mixed: (n: number) => fromAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', n),
  };
}
type Rng = ReturnType<typeof prng>;

// ── calendar ─────────────────────────────────────────────────────────────────

const DAY = 86_400_000;
const lastSunday = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month + 1, 0));
  return d.getUTCDate() - d.getUTCDay();
};
/** the Prague day of an instant (CET/CEST), as pragueNow(now).date */
export function pragueDay(ms: number): string {
  const y = new Date(ms).getUTCFullYear();
  const summer = ms >= Date.UTC(y, 2, lastSunday(y, 2), 1) && ms < Date.UTC(y, 9, lastSunday(y, 9), 1);
  return new Date(ms + (summer ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
}
const iso = (ms: number) => new Date(ms).toISOString();
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** the next working day (Mon–Fri) after `day` */
const nextWorkingDay = (day: string) => {
  let d = addDays(day, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
};

// ── reference data ───────────────────────────────────────────────────────────

const FIRST = ['Jana', 'Petr', 'Eva', 'Jan', 'Marie', 'Tomáš', 'Lucie', 'Martin', 'Kateřina', 'Pavel', 'Tereza', 'Jakub', 'Zuzana', 'Lukáš', 'Veronika', 'Michal', 'Hana', 'David', 'Lenka', 'Ondřej', 'Žofie', 'Matěj', 'Barbora', 'Filip'];
const LAST = ['Nováková', 'Svoboda', 'Dvořáková', 'Černý', 'Procházková', 'Kučera', 'Veselá', 'Horák', 'Němcová', 'Marek', 'Pokorná', 'Král', 'Šťastná', 'Růžička', 'Benešová', 'Fiala', 'Sedláček', 'Doležalová', 'Zeman', 'Kolářová', 'Horváth', 'Kováčová', 'Varga', 'Tóthová'];
const STREETS = ['Dlouhá', 'Vinohradská', 'Kounicova', 'Masarykova', 'Nádražní', 'Husova', 'Palackého', 'Komenského', 'Školní', 'Zahradní', 'Hlavná', 'Obchodná', 'Štúrova', 'Americká', 'Jankovcova'];
type City = { city: string; zip: string; country: 'cz' | 'sk' };
const CITIES: City[] = [
  { city: 'Praha', zip: '11000', country: 'cz' },
  { city: 'Praha', zip: '12000', country: 'cz' },
  { city: 'Praha 7', zip: '17000', country: 'cz' },
  { city: 'Brno', zip: '60200', country: 'cz' },
  { city: 'Ostrava', zip: '70200', country: 'cz' },
  { city: 'Plzeň', zip: '30100', country: 'cz' },
  { city: 'Olomouc', zip: '77900', country: 'cz' },
  { city: 'Liberec', zip: '46001', country: 'cz' },
  { city: 'České Budějovice', zip: '37001', country: 'cz' },
  { city: 'Hradec Králové', zip: '50002', country: 'cz' },
  { city: 'Zlín', zip: '76001', country: 'cz' },
  { city: 'Pardubice', zip: '53002', country: 'cz' },
];
const SK_CITIES: City[] = [
  { city: 'Bratislava', zip: '81104', country: 'sk' },
  { city: 'Košice', zip: '04001', country: 'sk' },
  { city: 'Žilina', zip: '01001', country: 'sk' },
  { city: 'Nitra', zip: '94901', country: 'sk' },
  { city: 'Banská Bystrica', zip: '97401', country: 'sk' },
];
const ABROAD: City[] = [
  { city: 'Berlin', zip: '10115', country: 'cz' },
  { city: 'Wien', zip: '1010', country: 'cz' },
];

type Service = { carrier: string; serviceId: string; name: string; serviceName: string; toPoint: boolean; basePrice: [number, number]; ref: (r: Rng) => string; map: TrackingStatusMap; territories: ('cz' | 'sk')[]; abroad?: boolean };
/** the nine carriers' services the product books (src/server/carriers/*), with their own numbers' formats */
const SERVICES: Service[] = [
  { carrier: 'ppl', serviceId: 'ppl-business', name: 'PPL Parcel CZ Business', serviceName: 'Business', toPoint: false, basePrice: [99, 189], ref: (r) => `4${r.digits(10)}`, map: pplTracking, territories: ['cz'] },
  { carrier: 'dpd', serviceId: 'dpd-classic', name: 'DPD Classic', serviceName: 'Classic', toPoint: false, basePrice: [105, 199], ref: (r) => `0${r.digits(13)}`, map: dpdTracking, territories: ['cz', 'sk'] },
  { carrier: 'dpd', serviceId: 'dpd-pickup', name: 'DPD Pickup', serviceName: 'Pickup', toPoint: true, basePrice: [69, 119], ref: (r) => `0${r.digits(13)}`, map: dpdTracking, territories: ['cz', 'sk'] },
  { carrier: 'gls', serviceId: 'gls-business-parcel', name: 'GLS BusinessParcel', serviceName: 'BusinessParcel', toPoint: false, basePrice: [95, 179], ref: (r) => `${r.digits(11)}`, map: glsTracking, territories: ['cz', 'sk'] },
  { carrier: 'gls', serviceId: 'gls-parcelshop', name: 'GLS ParcelShop', serviceName: 'ParcelShop', toPoint: true, basePrice: [65, 109], ref: (r) => `${r.digits(11)}`, map: glsTracking, territories: ['cz', 'sk'] },
  { carrier: 'balikovna', serviceId: 'balikovna-do-ruky', name: 'Balíkovna Do ruky', serviceName: 'Do ruky', toPoint: false, basePrice: [89, 169], ref: (r) => `DR${r.digits(10)}U`, map: balikovnaTracking, territories: ['cz'] },
  { carrier: 'wedo', serviceId: 'wedo-home', name: 'One by Allegro Home', serviceName: 'Home', toPoint: false, basePrice: [79, 149], ref: (r) => `99W${r.digits(8)}`, map: wedoTracking, territories: ['cz', 'sk'] },
  { carrier: 'ups', serviceId: 'ups-standard', name: 'UPS Standard', serviceName: 'Standard', toPoint: false, basePrice: [189, 420], ref: (r) => `1Z${r.alnum(6)}${r.digits(10)}`, map: upsTracking, territories: ['cz', 'sk'], abroad: true },
  { carrier: 'fedex', serviceId: 'fedex-international-priority', name: 'FedEx International Priority', serviceName: 'International Priority', toPoint: false, basePrice: [390, 1200], ref: (r) => r.digits(12), map: fedexTracking, territories: ['cz', 'sk'], abroad: true },
  { carrier: 'toptrans', serviceId: 'toptrans-standard', name: 'TOPTRANS Standard', serviceName: 'Standard', toPoint: false, basePrice: [290, 890], ref: (r) => r.digits(10), map: toptransTracking, territories: ['cz'] },
  { carrier: 'liftago', serviceId: 'liftago-same-day', name: 'Kurýr na přesný čas', serviceName: 'Doručení ještě dnes', toPoint: false, basePrice: [149, 299], ref: (r) => r.alnum(10), map: liftagoTracking, territories: ['cz'] },
];
const SERVICE_WEIGHTS: [number, number][] = [[0, 18], [1, 14], [2, 12], [3, 10], [4, 8], [5, 12], [6, 14], [7, 4], [8, 2], [9, 2], [10, 4]];

const SUPPLIER = { name: 'Zásilkovač s.r.o.', street: 'Na Poříčí 1041/12', city: 'Praha 1', zip: '11000', country: 'CZ', ico: '26765799', dic: 'CZ26765799' };
const SHOP_ACCOUNT = { cz: { iban: 'CZ6508000000192000145399', bankAccount: '19-2000145399/0800' }, sk: { iban: 'SK3112000000198742637541' } };

const rawOf = (map: TrackingStatusMap, status: string) => Object.entries(map).find(([, s]) => s === status)?.[0] ?? status.toUpperCase();
/** lower case without diacritics, as the address book's `search` */
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
const money = (minor: number) => (minor / 100).toFixed(2);

// ── the generator ────────────────────────────────────────────────────────────

type Person = { firstname: string; surname: string; street: string; city: string; zip: string; country: 'cz' | 'sk'; phone: string; email: string; company: string };
type UserKind = 'personal' | 'business' | 'contract' | 'heavy';
type User = { id: number; kind: UserKind; email: string; territory: 'cz' | 'sk'; language: 'cs' | 'sk'; person: Person; ico: string | null; dic: string | null; credit: number; addresses: Person[] };

export function generateVolume(options: Options, start: Start, sink: Sink): Summary {
  const r = prng(options.seed);
  const counts: Record<string, number> = {};
  const ids = { ...start.ids };
  const counters = { ...start.counters };
  const emit = (table: string, row: Row) => {
    counts[table] = (counts[table] ?? 0) + 1;
    sink(table, row);
  };
  // an order's rows wait for the order row (written last, when its status is known): D1 checks foreign keys
  let queue: [string, Row][] | null = null;
  const put = (table: string, row: Row) => (queue ? queue.push([table, row]) : emit(table, row));
  const nextId = (table: string) => ids[table]!++;
  const seq = (name: string) => (counters[name] = (counters[name] ?? 0) + 1);
  const origin = options.origin ?? 'http://127.0.0.1:8787';
  const untilMs = Date.parse(`${options.until}T22:00:00Z`);
  const fromMs = untilMs - (options.days ?? 365) * DAY;
  const taken = new Set(start.tracking);
  const trackingNumber = () => {
    for (;;) {
      const t = `IZ${r.digits(10)}`;
      if (!taken.has(t)) return taken.add(t), t;
    }
  };

  const phone = (country: 'cz' | 'sk') => (country === 'cz' ? `+420${r.pick(['6', '7'])}${r.digits(8)}` : `+4219${r.digits(8)}`);
  const person = (territory: 'cz' | 'sk', company = ''): Person => {
    const c = territory === 'sk' ? r.pick(SK_CITIES) : r.chance(0.05) ? r.pick(SK_CITIES) : r.pick(CITIES);
    const firstname = r.pick(FIRST);
    const surname = r.pick(LAST);
    return { firstname, surname, company, street: `${r.pick(STREETS)} ${r.between(1, 180)}`, city: c.city, zip: c.zip, country: c.country, phone: phone(c.country), email: `${fold(firstname)}.${fold(surname)}${r.between(1, 9999)}@example.${c.country}` };
  };

  // ── accounts: personal, business and contract in the proportions of the customer base ──
  const heavyShipments = Math.min(options.heavyShipments ?? 50_000, Math.floor(options.parcels * (options.heavyShare ?? 0.4)));
  const heavyAddresses = options.heavyAddresses ?? Math.min(2_000, Math.max(20, Math.floor(heavyShipments / 25)));
  const userCount = Math.max(20, Math.floor((options.parcels - heavyShipments) / 12));
  const users: User[] = [];
  const addUser = (kind: UserKind, email: string, created: number, forced?: Partial<Person>): User => {
    const territory: 'cz' | 'sk' = kind === 'heavy' ? 'cz' : r.chance(0.18) ? 'sk' : 'cz';
    const company = kind === 'personal' ? '' : kind === 'heavy' ? HEAVY_ACCOUNT.company : `${r.pick(LAST).replace(/á$/, '')} ${r.pick(['Trade', 'Logistik', 'Shop', 'Servis', 'Expres'])} s.r.o.`;
    const p: Person = { ...person(territory, company), ...forced, country: territory };
    const ico = kind === 'personal' ? null : r.digits(8);
    const u: User = { id: nextId('users'), kind, email, territory, language: territory === 'sk' ? 'sk' : 'cs', person: p, ico, dic: ico ? `${territory.toUpperCase()}${ico}` : null, credit: 0, addresses: [] };
    start.emails.add(email);
    put('users', {
      id: u.id, email, email_confirmed_at: iso(created + 600_000), password_hash: options.passwordHash, firstname: p.firstname, surname: p.surname, phone: p.phone,
      segment: kind === 'personal' ? 'A' : kind === 'business' ? 'B' : 'C', company: company || null, ico, dic: u.dic, ic_dph: territory === 'sk' && ico ? `SK${r.digits(10)}` : null,
      street: kind === 'personal' ? null : p.street, city: kind === 'personal' ? null : p.city, zip: kind === 'personal' ? null : p.zip, country: territory,
      avatar: null, language: u.language, eori: null, cod_account_number: kind === 'personal' ? null : `${r.digits(10)}`, cod_bank_code: kind === 'personal' ? null : r.pick(['0800', '0100', '0300', '2010']),
      price_type: kind === 'contract' || kind === 'heavy' ? r.pick(['Profi', 'Flexi']) : null, has_contract: kind === 'contract' || kind === 'heavy' ? 1 : 0, is_admin: 0,
      client_section_force_new: 0, client_section_prefer_new: 0, blocked_at: null, created_at: iso(created), updated_at: iso(created),
    });
    if (kind === 'contract' || kind === 'heavy') {
      const signed = created + 3 * DAY;
      put('contracts', { id: nextId('contracts'), user_id: u.id, number: `ZS-${new Date(created).getUTCFullYear()}-V${String(ids.contracts).padStart(6, '0')}`, tier: kind === 'heavy' ? 'Flexi' : 'Profi', status: 'active', activation_token_hash: null, activated_at: iso(signed), signed_at: iso(signed + 600_000), signed_ip: `192.0.2.${r.between(1, 250)}`, valid_from: pragueDay(signed), created_at: iso(created) });
    }
    users.push(u);
    return u;
  };
  const heavy = addUser('heavy', HEAVY_ACCOUNT.email, fromMs - 30 * DAY, { firstname: 'Marek', surname: 'Objemový', street: 'Skladová 1', city: 'Praha', zip: '19000' });
  for (let i = 0; i < userCount; i++) {
    const kind = r.weighted<UserKind>([['personal', 82], ['business', 14], ['contract', 4]]);
    let email = '';
    do email = `vol-${kind}-${r.mixed(8).toLowerCase()}@example.${r.chance(0.8) ? 'cz' : 'sk'}`;
    while (start.emails.has(email));
    addUser(kind, email, fromMs - r.int(400) * DAY);
  }

  // ── address books: saved senders and recipients (the heavy account's 2,000) ──
  const saveAddress = (u: User, p: Person, created: number, isDefaultSender = false) => {
    const search = fold([p.company, p.surname, p.firstname, p.street, p.city, p.zip, p.email].filter(Boolean).join(' '));
    put('addresses', {
      id: nextId('addresses'), user_id: u.id, company: p.company, firstname: p.firstname, surname: p.surname, phone: p.phone, phone_number: p.phone.slice(4), email: p.email,
      street: p.street, city: p.city, zip: p.zip, country: p.country, tin: isDefaultSender ? (u.ico ?? '') : '', vatin: isDefaultSender ? (u.dic ?? '') : '',
      address_type: 'all', is_default_sender: isDefaultSender ? 1 : 0, search,
      fingerprint: JSON.stringify([p.company, p.firstname, p.surname, p.street, p.city, p.zip, p.country, p.phone, p.email].map((s) => s.toLowerCase())), created_at: iso(created), updated_at: iso(created),
    });
    u.addresses.push(p);
  };
  saveAddress(heavy, heavy.person, fromMs - 29 * DAY, true);
  for (let i = 0; i < heavyAddresses; i++) saveAddress(heavy, person('cz'), fromMs - 29 * DAY + i * 60_000);
  for (const u of users) {
    if (u.kind === 'heavy') continue;
    if (u.kind !== 'personal' || r.chance(0.3)) saveAddress(u, u.person, fromMs - r.int(30) * DAY, u.kind !== 'personal');
    const n = u.kind === 'personal' ? r.int(4) : r.between(3, 30);
    for (let i = 0; i < n; i++) saveAddress(u, person(u.territory), fromMs + r.int(300) * DAY);
  }

  // ── orders over the year: more before Christmas ──
  const dayWeight = (ms: number) => {
    const d = new Date(ms);
    const m = d.getUTCMonth();
    const dom = d.getUTCDate();
    const wd = d.getUTCDay();
    return (m === 11 && dom <= 20 ? 3.2 : m === 10 && dom > 20 ? 1.8 : 1) * (wd === 0 || wd === 6 ? 0.45 : 1.1);
  };
  const days: { ms: number; w: number }[] = [];
  for (let ms = fromMs; ms < untilMs; ms += DAY) days.push({ ms, w: dayWeight(ms) });
  const totalW = days.reduce((s, d) => s + d.w, 0);
  // each day's share of the parcels, in order, so order numbers rise with time
  const plan: { ms: number; parcels: number; heavy: number }[] = [];
  let carry = 0;
  let heavyCarry = 0;
  for (const d of days) {
    carry += (options.parcels - heavyShipments) * (d.w / totalW);
    heavyCarry += heavyShipments * (d.w / totalW);
    const n = Math.floor(carry);
    const h = Math.floor(heavyCarry);
    carry -= n;
    heavyCarry -= h;
    plan.push({ ms: d.ms, parcels: n, heavy: h });
  }
  plan[plan.length - 1]!.parcels += Math.round(carry);
  plan[plan.length - 1]!.heavy += Math.round(heavyCarry);

  const others = users.filter((u) => u.kind !== 'heavy');
  const lastMonth = options.until.slice(0, 7);
  // the month before the last is left uninvoiced: the monthly invoicing run has it to do
  const openMonth = addDays(`${lastMonth}-01`, -1).slice(0, 7);
  const monthly = new Map<string, { user: User; currency: string; period: string; orders: { id: number; number: string; created: number; lines: { description: string; base: number; vat: number }[] }[] }>();

  const ledger = (key: string, day: string, currency: string, debit: string, credit: string, amount: number, kind: string, method: string | null, refs: { orderId?: number | null; userId?: number | null; invoiceId?: number | null; ref?: string | null }, at: number) => {
    if (amount <= 0) return;
    put('ledger_entries', { id: nextId('ledger_entries'), key, day, currency, debit, credit, amount_minor: amount, kind, method, order_id: refs.orderId ?? null, user_id: refs.userId ?? null, invoice_id: refs.invoiceId ?? null, refund_id: null, ref: refs.ref ?? null, created_at: iso(at) });
  };
  const mail = (to: string, template: string, subject: string, language: string, at: number, lines: string[]) => {
    const text = `${subject}\n\n${lines.join('\n')}\n\nZásilkovač s.r.o., Na Poříčí 1041/12, 110 00 Praha 1\nhttps://www.zasilkovac.cz`;
    const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${subject}</title></head><body style="margin:0;background:#f4f5f7;font-family:Arial,sans-serif"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center"><table role="presentation" width="600" style="background:#fff;border-radius:8px;padding:24px"><tr><td><h1 style="font-size:20px;color:#1d2b4f">${subject}</h1>${lines.map((l) => `<p style="font-size:15px;line-height:1.5;color:#333">${l}</p>`).join('')}<p style="font-size:12px;color:#777;border-top:1px solid #eee;padding-top:12px">Zásilkovač s.r.o., Na Poříčí 1041/12, 110 00 Praha 1 · <a href="https://www.zasilkovac.cz">zasilkovac.cz</a></p></td></tr></table></td></tr></table></body></html>`;
    put('outbox', { id: nextId('outbox'), to, subject, text, html, template, language, status: 'sent', error: null, message_id: `<${r.mixed(36)}@zasilkovac.invalid>`, created_at: iso(at), sent_at: iso(at + 40) });
  };
  const bankLine = (vs: string, amount: number, currency: string, at: number, orderId: number | null, outcome: string) => {
    const ref = `VOL-${ids.bank_transactions}`;
    put('bank_transactions', { id: nextId('bank_transactions'), bank_ref: ref, variable_symbol: vs, amount_minor: amount, currency, booked_on: pragueDay(at), counter_account: r.chance(0.7) ? `${r.digits(9)}/${r.pick(['0800', '0100', '0300', '2010', '0600'])}` : null, order_id: orderId, outcome, created_at: iso(at) });
    return ref;
  };
  const topUp = (u: User, amount: number, at: number) => {
    const currency = u.territory === 'sk' ? 'EUR' : 'CZK';
    const gw = `3${r.digits(9)}`;
    put('billing_payments', { id: nextId('billing_payments'), token: r.token(24), user_id: u.id, purpose: 'top_up', invoice_id: null, method: 'card', status: 'paid', amount_minor: amount, currency, received_minor: amount, variable_symbol: null, gateway_ref: gw, redirect_url: `${origin}/_sandbox/gopay/gw/v3/${gw}`, bank_ref: null, language: u.language, created_at: iso(at), settled_at: iso(at + 90_000) });
    put('credit_entries', { id: nextId('credit_entries'), user_id: u.id, currency, amount_minor: amount, reason: 'top_up', order_id: null, dedupe_key: `topup:card:${gw}`, created_at: iso(at + 90_000) });
    ledger(`topup:card:${gw}`, pragueDay(at + 90_000), currency, 'gateway', 'customer_credit', amount, 'credit_top_up', 'card', { userId: u.id, ref: gw }, at + 90_000);
    u.credit += amount;
  };
  const invoiceData = (number: string, vs: string, issuedOn: string, dueOn: string, currency: string, territory: 'cz' | 'sk', customer: Record<string, string>, lines: { description: string; base: number; vat: number }[], note: string, recap: boolean) =>
    JSON.stringify({
      number, variableSymbol: vs, issuedOn, taxableOn: issuedOn, dueOn, currency,
      supplier: { ...SUPPLIER, ...(territory === 'cz' ? SHOP_ACCOUNT.cz : SHOP_ACCOUNT.sk) },
      customer, lines: lines.map((l) => ({ description: l.description, quantity: 1, unitPriceMinor: l.base, vatRate: l.vat, ...(recap ? { totalMinor: Math.round((l.base * (100 + l.vat)) / 100) } : {}) })),
      ...(recap ? { recap: true } : {}), note,
    });

  let orderCount = 0;
  for (const day of plan) {
    let left = day.parcels;
    let heavyLeft = day.heavy;
    while (left > 0 || heavyLeft > 0) {
      const isHeavy = heavyLeft > 0 && (left === 0 || r.chance(heavyLeft / (left + heavyLeft)));
      const created = day.ms - 14 * 3_600_000 + r.int(14 * 3_600_000);
      const user: User | null = isHeavy ? heavy : r.chance(0.38) ? null : r.pick(others);
      const size = isHeavy ? r.weighted([[1, 92], [2, 6], [3, 2]]) : r.weighted([[1, 74], [2, 14], [3, 6], [4, 3], [5, 1], [8, 1], [15, 1]]);
      const n = Math.min(size, isHeavy ? heavyLeft : left);
      if (isHeavy) heavyLeft -= n;
      else left -= n;
      orderCount++;
      makeOrder(user, n, created);
    }
  }

  function makeOrder(user: User | null, n: number, created: number) {
    queue = [];
    const territory: 'cz' | 'sk' = user ? user.territory : r.chance(0.2) ? 'sk' : 'cz';
    const language = user ? user.language : territory === 'sk' ? 'sk' : r.chance(0.95) ? 'cs' : 'en';
    const currency = territory === 'sk' ? 'EUR' : 'CZK';
    const vatRate = territory === 'sk' ? 23 : 21;
    const contract = user && (user.kind === 'contract' || user.kind === 'heavy');
    let method: 'bank_transfer' | 'card' | 'credit' | 'invoice' = contract && r.chance(0.9) ? 'invoice' : r.weighted([['card', 50], ['bank_transfer', 42], ['credit', user ? 8 : 0]]);
    const orderId = nextId('orders');
    const year = new Date(created).getUTCFullYear();
    const vs = `${String(year).slice(2)}${String(seq('order')).padStart(8, '0')}`;
    const number = `OP${vs}`;
    const token = r.token(32);
    const email = user ? user.email : `${r.pick(['jana', 'petr', 'eva', 'tomas', 'lucie', 'martin'])}.${r.digits(5)}@example.${territory}`;
    const sender = user ? user.person : person(territory);
    const book = user ? user.addresses.filter((p) => p !== user.person) : [];
    const items: { id: number; service: Service; base: number; vat: number; from: Person; to: Person; packages: { weight: number }[]; pickupDate: string; deliveryDate: string; description: string }[] = [];
    for (let position = 0; position < n; position++) {
      let service = SERVICES[r.weighted(SERVICE_WEIGHTS)]!;
      while (!service.territories.includes(territory)) service = SERVICES[r.weighted(SERVICE_WEIGHTS)]!;
      const to = book.length && (user!.kind === 'heavy' || r.chance(0.4)) ? r.pick(book) : person(territory);
      const dest: Person = service.abroad ? { ...to, ...r.pick(ABROAD), country: r.pick(['de', 'at']) as 'cz' } : to;
      const packages = Array.from({ length: r.weighted([[1, 85], [2, 10], [3, 5]]) }, () => ({ weight: r.pick([0.5, 1, 2, 3, 5, 7.5, 10, 15, 20]) }));
      const base = (territory === 'sk' ? Math.round(r.between(service.basePrice[0], service.basePrice[1]) / 25 * 100) : r.between(service.basePrice[0], service.basePrice[1]) * 100) + (packages.length - 1) * (territory === 'sk' ? 150 : 4000);
      const vat = Math.round((base * (100 + vatRate)) / 100);
      const createdDay = pragueDay(created);
      const pickupDate = nextWorkingDay(createdDay);
      const deliveryDate = service.carrier === 'liftago' ? pickupDate : nextWorkingDay(service.abroad ? addDays(pickupDate, 2) : pickupDate);
      const description = `Přeprava zásilky – ${service.name}, ${sender.city} → ${dest.city} (${packages.length} ${packages.length === 1 ? 'balík' : 'balíky'})`;
      const itemId = nextId('order_items');
      const side = (p: Person) => ({ company: p.company, firstname: p.firstname, surname: p.surname, street: p.street, city: p.city, zip: p.zip, country: p.country, phone: p.phone, email: p.email });
      const shipment = { from: side(sender), to: side(dest), packages: packages.map((p) => ({ type: 0, weight: p.weight, width: 30, height: 20, length: 40 })), service_id: service.serviceId, services: [] as unknown[] };
      // as order creation stores it (compactQuote): the order's prices and dates, not the catalogue data
      const quote = compactQuote({
        id: `${service.serviceId}-${r.mixed(7).toLowerCase()}`, serviceId: service.serviceId, serviceName: service.serviceName, complete: true, type: service.toPoint ? 'DROPOFF' : 'PICKUP', shipmentCategory: service.abroad ? 'international' : 'domestic',
        price: { value: base / 100, currency }, priceVat: { value: vat / 100, currency }, restrictions: [], errors: [], carrier: { code: service.carrier, name: service.name }, rating: { score: 4.3, count: 8421 },
        limits: { weight: 31.5, insurance: { value: 100000, currency: 'CZK' }, cod: { CZK: 100000, EUR: 4000 } },
        attributes: { affiliate: false, pickupBranchRequired: false, deliveryBranchRequired: service.toPoint, deliveryBranchSupported: service.toPoint, expressDelivery: service.carrier === 'liftago', trackingAvailable: true, labelPrintingRequired: true, customsClearanceRequired: false, ownInvoiceUploadAllowed: false, addressLevelLock: 0, freightType: service.carrier === 'toptrans' ? 'pallet' : 'parcel', deliveryBranchPreferred: false },
        timeInTransit: { orderTimeLimit: '16:00', pickupDate, deliveryDate, pickupFromTime: null, pickupToTime: null, pickupWindow: null, deliveryFromTime: null, deliveryToTime: null, deliveryWindow: null, hoursInTransit: 24 },
        charges: [{ code: 'base', amount: { value: base / 100, currency } }, { code: 'vat', amount: { value: (vat - base) / 100, currency } }],
      } as Quote);
      put('order_items', { id: itemId, order_id: orderId, position, service_id: service.serviceId, carrier: service.carrier, shipment: JSON.stringify(shipment), quote: JSON.stringify(quote), price_minor: base, price_vat_minor: vat, vat_rate: vatRate, collection_point_id: null, delivery_point_id: null });
      items.push({ id: itemId, service, base, vat, from: sender, to: dest, packages, pickupDate, deliveryDate, description });
    }
    const totalMinor = items.reduce((s, i) => s + i.base, 0);
    const totalVat = items.reduce((s, i) => s + i.vat, 0);
    if (method === 'credit' && user!.credit < totalVat) topUp(user!, Math.max(totalVat, territory === 'sk' ? 5000 : 100000), created - 3_600_000);
    // what becomes of it: most orders are paid; some stay unpaid (recent) or are cancelled unpaid
    const age = untilMs - created;
    const fate = method === 'invoice' || method === 'credit' ? 'paid' : r.weighted([['paid', 95], ['unpaid', age < 5 * DAY ? 4 : 0], ['cancelled', 2]]);
    let paidAt: number | null = fate === 'paid' ? created + (method === 'card' ? r.between(60, 400) * 1000 : method === 'bank_transfer' ? r.between(4, 40) * 3_600_000 : 300) : null;
    if (paidAt && paidAt > untilMs) paidAt = null;
    const status0 = paidAt ? 'paid' : fate === 'cancelled' ? 'cancelled' : 'unpaid';
    const userId = user?.id ?? null;
    const payer = user && contract && method === 'invoice' ? 'account' : user?.kind === 'business' || (contract && user) ? 'company' : 'person';
    const orderRow: Row = {
      id: orderId, token, number, idempotency_key: `${user ? `u${user.id}` : 'guest'}:co-${r.hex(4)}-${r.hex(2)}-${r.hex(2)}-${r.hex(2)}-${r.hex(6)}`, variable_symbol: vs, user_id: userId, email, language, territory, currency,
      status: status0, payment_method: method, payer_type: payer, payer_name: payer === 'person' ? null : user!.person.company, payer_ico: payer === 'person' ? null : user!.ico, payer_dic: payer === 'person' ? null : user!.dic, payer_ic_dph: null,
      discount_code: null, discount_minor: 0, total_minor: totalMinor, total_vat_minor: totalVat, refunded_minor: 0, created_at: iso(created), paid_at: paidAt ? iso(paidAt) : null, updated_at: iso(paidAt ?? created),
    };
    const createdDay = pragueDay(created);
    // the books: the sale when taken (not for orders on the monthly invoice), its reversal when cancelled unpaid
    if (method !== 'invoice') ledger(`order:${orderId}:sale`, createdDay, currency, 'receivables', 'sales', totalVat, 'sale', method, { orderId, userId }, created);
    if (status0 === 'cancelled') {
      const at = created + 7 * DAY;
      ledger(`order:${orderId}:cancel:sale`, pragueDay(at), currency, 'sales', 'receivables', totalVat, 'adjustment', method, { orderId, userId }, at);
      orderRow.updated_at = iso(at);
    }
    mail(email, 'order_confirmation', `Objednávka ${number} přijata`, language, created + 500, [`Děkujeme za objednávku ${number}.`, `Celkem k úhradě ${money(totalVat)} ${currency}.`, ...items.map((i) => i.description)]);

    // payments: card (sometimes declined first), transfer (sometimes in two parts), credit, invoice
    const payment = (status: string, received: number, at: number, extra: Row = {}) =>
      put('payments', { id: nextId('payments'), order_id: orderId, method, status, amount_minor: totalVat, currency, received_minor: received, gateway_ref: null, redirect_url: null, failure_reason: null, created_at: iso(created + 200), updated_at: iso(at), ...extra });
    if (method === 'card') {
      const card = (status: string, at: number, failure: string | null) => {
        const gw = `3${r.digits(9)}`;
        payment(status, status === 'paid' ? totalVat : 0, at, { gateway_ref: gw, redirect_url: `${origin}/_sandbox/gopay/gw/v3/${gw}`, failure_reason: failure });
        return gw;
      };
      if (r.chance(0.06)) card('failed', created + 30_000, 'declined');
      if (paidAt) {
        const gw = card('paid', paidAt, null);
        ledger(`in:card:${gw}`, pragueDay(paidAt), currency, 'gateway', 'receivables', totalVat, 'payment_in', 'card', { orderId, userId, ref: gw }, paidAt);
      } else card(status0 === 'cancelled' ? 'cancelled' : 'pending', created + 200, null);
    } else if (method === 'bank_transfer') {
      if (paidAt) {
        const parts = r.chance(0.05) ? [Math.floor(totalVat * 0.6), totalVat - Math.floor(totalVat * 0.6)] : [totalVat];
        let received = 0;
        parts.forEach((amount, i) => {
          const at = paidAt! - (parts.length - 1 - i) * 2 * DAY;
          received += amount;
          const ref = bankLine(vs, amount, currency, at, orderId, received < totalVat ? 'partial' : 'paid');
          ledger(`in:${ref}`, pragueDay(at), currency, 'bank', 'receivables', amount, 'payment_in', 'bank_transfer', { orderId, userId, ref }, at);
        });
        payment('paid', totalVat, paidAt);
      } else payment(status0 === 'cancelled' ? 'cancelled' : 'pending', 0, created + 200);
    } else if (method === 'credit') {
      user!.credit -= totalVat;
      put('credit_entries', { id: nextId('credit_entries'), user_id: userId!, currency, amount_minor: -totalVat, reason: 'order_payment', order_id: orderId, dedupe_key: `pay:order:${token}`, created_at: iso(created) });
      ledger(`order:${orderId}:credit`, createdDay, currency, 'customer_credit', 'receivables', totalVat, 'credit_spend', 'credit', { orderId, userId }, created);
      payment('paid', totalVat, created);
    } else {
      payment('paid', totalVat, created);
    }

    // the order's invoice (paid orders not on the monthly invoice), or its place on the month's
    if (paidAt && method !== 'invoice') {
      const issuedOn = pragueDay(paidAt);
      const invYear = Number(issuedOn.slice(0, 4));
      const invNumber = `FV${invYear}${String(seq(`invoice-${invYear}`)).padStart(6, '0')}`;
      const customer: Record<string, string> = payer === 'person' ? { name: `${sender.firstname} ${sender.surname}`, street: sender.street, city: sender.city, zip: sender.zip, country: sender.country.toUpperCase(), email } : { name: `${user!.person.firstname} ${user!.person.surname}`, company: user!.person.company, street: user!.person.street, city: user!.person.city, zip: user!.person.zip, country: user!.territory.toUpperCase(), ico: user!.ico!, dic: user!.dic!, email };
      put('invoices', { id: nextId('invoices'), order_id: orderId, user_id: userId, kind: 'order', period: null, number: invNumber, token: r.token(32), issued_on: issuedOn, due_on: issuedOn, paid_at: iso(paidAt), variable_symbol: vs, currency, total_minor: totalVat, data: invoiceData(invNumber, vs, issuedOn, issuedOn, currency, territory, customer, items.map((i) => ({ description: i.description, base: i.base, vat: vatRate })), 'Uhrazeno – neplaťte znovu.', true), created_at: iso(paidAt + 30) });
      mail(email, 'payment_received', `Platba za objednávku ${number} přijata`, language, paidAt + 60, [`Platbu ${money(totalVat)} ${currency} za objednávku ${number} jsme přijali.`, `Faktura ${invNumber} je v příloze.`]);
    }
    if (method === 'invoice' && paidAt) {
      const period = pragueDay(created).slice(0, 7);
      const key = `${userId}|${period}|${currency}`;
      let group = monthly.get(key);
      if (!group) monthly.set(key, (group = { user: user!, currency, period, orders: [] }));
      group.orders.push({ id: orderId, number, created, lines: items.map((i) => ({ description: i.description, base: i.base, vat: vatRate })) });
    }

    // shipments and their lives at the carriers
    let open = 0;
    for (const item of items) {
      if (!paidAt) continue;
      const sid = nextId('shipments');
      const tn = trackingNumber();
      const s = item.service;
      const carrierRef = s.ref(r);
      const shipCreated = paidAt + 2_000;
      const name = (p: Person) => `${p.firstname} ${p.surname}`;
      const labelSide = (p: Person) => ({ name: name(p), street: p.street, city: p.city, zip: p.zip, country: p.country.toUpperCase(), phone: p.phone, email: p.email });
      const label = item.packages.map((p, i) => ({ trackingNumber: tn, carrier: { code: s.carrier, name: s.name }, serviceName: s.serviceName, sender: labelSide(item.from), recipient: labelSide(item.to), weightKg: p.weight, packageIndex: i + 1, packageCount: item.packages.length, pickupDate: item.pickupDate, orderNumber: number }));
      // the events: label data, pickup, hubs, out for delivery (a failed attempt now and then), delivered
      const pickupMs = Math.max(Date.parse(`${item.pickupDate}T13:00:00Z`), shipCreated + 3_600_000);
      const steps: [string, number, string][] = [['pending', shipCreated + 60_000, item.from.city], ['picked_up', pickupMs, item.from.city]];
      const hubs = s.carrier === 'liftago' ? 0 : r.between(4, 7);
      let t = pickupMs;
      for (let h = 0; h < hubs; h++) steps.push(['in_transit', (t += r.between(2, 7) * 3_600_000), h === hubs - 1 ? item.to.city : r.pick(['Brno', 'Praha', 'Ostrava', 'Jihlava', 'Olomouc', 'Žilina', 'Bratislava', 'Pardubice'])]);
      let deliveryMs = Math.max(Date.parse(`${item.deliveryDate}T07:00:00Z`), t + 3_600_000);
      if (!s.toPoint && r.chance(0.08)) {
        steps.push(['out_for_delivery', deliveryMs, item.to.city], ['delivery_failed', deliveryMs + 5 * 3_600_000, item.to.city]);
        deliveryMs += DAY;
      }
      if (s.toPoint) steps.push(['ready_for_pickup', deliveryMs + 2 * 3_600_000, item.to.city], ['delivered', deliveryMs + r.between(5, 60) * 3_600_000, item.to.city]);
      else steps.push(['out_for_delivery', deliveryMs, item.to.city], ['delivered', deliveryMs + r.between(1, 7) * 3_600_000, item.to.city]);
      const known = new Set(Object.values(s.map));
      const happened = steps.filter(([status, at]) => known.has(status as never) && at <= untilMs);
      const source = r.weighted([['webhook', 70], ['poll', 30]]);
      const events = happened.map(([status, at, location], i) => ({ status, at, location, key: `${carrierRef}-${i + 1}`, raw: rawOf(s.map, status) }));
      const last = events.at(-1);
      const delivered = last?.status === 'delivered';
      if (!delivered) open++;
      put('shipments', {
        id: sid, order_id: orderId, item_id: item.id, user_id: userId, tracking_number: tn, recipient_nonce: r.hex(16), carrier: s.carrier, service_id: s.serviceId, carrier_ref: carrierRef, carrier_packages: null,
        status: 'created', pickup_date: item.pickupDate, pickup_from: s.carrier === 'liftago' ? '08:00' : null, pickup_to: s.carrier === 'liftago' ? '10:00' : null, label: JSON.stringify(label), attempts: 1, last_error: null, refusal_code: null, refund_minor: 0,
        tracking_status: last?.status ?? 'pending', tracking_at: last ? iso(last.at) : null, delivered_at: delivered ? iso(last!.at) : null, courier_position: null, created_at: iso(shipCreated), cancelled_at: null,
      });
      for (const e of events) put('tracking_events', { id: nextId('tracking_events'), shipment_id: sid, event_key: e.key, raw_status: e.raw, status: e.status, occurred_at: iso(e.at), location: e.location, description: null, source, created_at: iso(e.at + r.between(5, 900) * 1000) });
      // the recipient's tracking mails, once per milestone
      const recipientLanguage = item.to.country === 'sk' ? 'sk' : 'cs';
      for (const [status, kind, template, subject] of [['picked_up', 'picked_up', 'tracking_picked_up', 'Zásilka je na cestě'], ['out_for_delivery', 'on_the_way', 'tracking_out_for_delivery', 'Zásilka dnes dorazí'], ['delivered', 'delivered', 'tracking_delivered', 'Zásilka byla doručena']] as const) {
        const e = events.find((x) => x.status === status || (status === 'out_for_delivery' && x.status === 'ready_for_pickup'));
        if (!e) continue;
        put('shipment_notifications', { shipment_id: sid, kind, created_at: iso(e.at + 60_000) });
        mail(item.to.email, template, `${subject} (${tn})`, recipientLanguage, e.at + 61_000, [`Zásilka ${tn} od odesílatele ${name(item.from)}.`, `Dopravce: ${s.name}.`, `Sledování: ${origin}/sledovani-zasilek/${tn}`]);
      }
      if (delivered && userId && r.chance(0.04)) {
        const score = r.pick([5, 5, 5, 4.5, 4, 4, 3, 2, 1]);
        put('ratings', { id: nextId('ratings'), author: `${user!.person.firstname} ${user!.person.surname[0]}.`, score, comment: r.pick(['Rychlé a spolehlivé.', 'Vše v pořádku.', 'Kurýr byl milý.', 'Doručeno o den později.', '', 'Výborná služba.']), created_at: iso(last!.at + DAY), carrier: s.carrier, country: territory, shipment_id: sid, updated_at: null, language: user!.language });
      }
      if (delivered && r.chance(0.005)) {
        const at = last!.at + 2 * DAY;
        const cy = new Date(at).getUTCFullYear();
        const claimId = nextId('claims');
        const reason = r.pick(['damaged', 'damaged', 'late', 'contents_missing', 'other'] as const);
        put('claims', { id: claimId, token: r.token(32), number: `RK${cy}${String(seq(`claim-${cy}`)).padStart(6, '0')}`, shipment_id: sid, reason, description: reason === 'damaged' ? 'Krabice dorazila zmáčknutá a obsah je rozbitý.' : 'Zásilka nedorazila tak, jak měla.', email, language, bank_account: `${r.digits(10)}/0800`, amount_minor: null, currency: null, status: r.pick(['received', 'in_review', 'accepted', 'rejected', 'paid_out']), created_at: iso(at), updated_at: iso(at + DAY) });
        put('claim_messages', { id: nextId('claim_messages'), claim_id: claimId, author: 'customer', body: 'Prosím o prošetření, fotografie přikládám.', created_at: iso(at) });
        put('claim_messages', { id: nextId('claim_messages'), claim_id: claimId, author: 'team', body: 'Děkujeme, reklamaci jsme předali dopravci.', created_at: iso(at + DAY) });
      }
    }
    if (paidAt) orderRow.status = open === 0 && items.length ? 'completed' : 'processing';
    const rows = queue;
    queue = null;
    emit('orders', orderRow);
    for (const [table, row] of rows) emit(table, row);
  }

  // ── the contract accounts' monthly invoices (all finished months but the open one) ──
  for (const group of monthly.values()) {
    if (group.period >= openMonth) continue;
    const [y, m] = group.period.split('-').map(Number) as [number, number];
    const issuedMs = Date.UTC(y, m, 1, 3, 20);
    const issuedOn = pragueDay(issuedMs);
    const invNumber = `FV${y + (m === 12 ? 1 : 0)}${String(seq(`invoice-${y + (m === 12 ? 1 : 0)}`)).padStart(6, '0')}`;
    const vs = invNumber.slice(2);
    const dueOn = addDays(issuedOn, 14);
    const lines = group.orders.flatMap((o) => o.lines.map((l) => ({ ...l, description: `${o.number} (${pragueDay(o.created)}): ${l.description}` })));
    const vatRate = lines[0]!.vat;
    const base = lines.reduce((s, l) => s + l.base, 0);
    const totalMinor = Math.round((base * (100 + vatRate)) / 100);
    const u = group.user;
    const invoiceId = nextId('invoices');
    const paidMs = issuedMs + r.between(2, 13) * DAY;
    const paid = paidMs <= untilMs;
    const data = JSON.parse(invoiceData(invNumber, vs, issuedOn, dueOn, group.currency, u.territory, { name: `${u.person.firstname} ${u.person.surname}`, company: u.person.company, street: u.person.street, city: u.person.city, zip: u.person.zip, country: u.territory.toUpperCase(), ico: u.ico!, dic: u.dic!, email: u.email }, lines, 'Uhraďte převodem s variabilním symbolem.', false)) as Record<string, unknown>;
    data.taxableOn = addDays(issuedOn, -1);
    put('invoices', { id: invoiceId, order_id: null, user_id: u.id, kind: 'monthly', period: group.period, number: invNumber, token: r.token(32), issued_on: issuedOn, due_on: dueOn, paid_at: paid ? iso(paidMs) : null, variable_symbol: vs, currency: group.currency, total_minor: totalMinor, data: JSON.stringify(data), created_at: iso(issuedMs) });
    for (const o of group.orders) put('invoice_orders', { order_id: o.id, invoice_id: invoiceId });
    ledger(`invoice:${invoiceId}`, issuedOn, group.currency, 'receivables', 'sales', totalMinor, 'invoice', 'invoice', { invoiceId, userId: u.id }, issuedMs);
    if (paid) {
      const ref = bankLine(vs, totalMinor, group.currency, paidMs, null, 'paid');
      ledger(`in:${ref}`, pragueDay(paidMs), group.currency, 'bank', 'receivables', totalMinor, 'payment_in', 'bank_transfer', { invoiceId, userId: u.id, ref }, paidMs);
    }
  }

  counts.orders_generated = orderCount;
  return { counts, heavyUserId: heavy.id, until: options.until, counters };
}

/** the SQL that reads where generation continues (next ids, sequences, taken numbers) */
export const START_QUERIES = {
  /** one row: each table's next id */
  ids: `SELECT ${ID_TABLES.map((t) => `(SELECT COALESCE(MAX(id), 0) + 1 FROM ${t}) AS ${t}`).join(', ')}`,
  counters: 'SELECT name, value FROM counters',
  tracking: 'SELECT tracking_number AS t FROM shipments',
  emails: 'SELECT email AS e FROM users',
};

export function startFrom(rows: { ids: Record<string, number>[]; counters: { name: string; value: number }[]; tracking: { t: string }[]; emails: { e: string }[] }): Start {
  return {
    ids: Object.fromEntries(ID_TABLES.map((t) => [t, Number(rows.ids[0]![t])])),
    counters: Object.fromEntries(rows.counters.map((r) => [r.name, Number(r.value)])),
    tracking: new Set(rows.tracking.map((r) => r.t)),
    emails: new Set(rows.emails.map((r) => r.e)),
  };
}
