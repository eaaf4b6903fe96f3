import { hashSecret } from '../../identity/keys';
import { sqlLiteral, type SqlValue } from './sql';
import { addressFingerprint, addressSearchText } from '../../../lib/schemas/address-book';

/**
 * Contracts and a pickup place of the demo accounts (run after the accounts). The business
 * demo account's Profi tier comes from its active signed contract; a Flexi offer waits for its
 * signature (the contracts entry warns about it). A third contract is bound to no one yet:
 * whoever opens /aktivace-smlouvy/<DEMO_CONTRACT_TOKEN> signed in activates it (README).
 */
export const DEMO_CONTRACT_TOKEN = 'nqow6KWTAdpfy_fKKeIve3TC7hAN27DqeXtG4WTvgLs';

const FIRMA = 'firma@zasilkovac.test';
const userOf = (email: string) => `(SELECT id FROM users WHERE email = ${sqlLiteral(email)})`;

type SeedContract = { number: string; owner: string | null; tier: 'Easy' | 'Profi' | 'Flexi'; status: 'pending' | 'active'; token: string | null; activated_at: SqlValue; signed_at: SqlValue; signed_ip: SqlValue; valid_from: SqlValue; created_at: string };

const CONTRACTS: SeedContract[] = [
  { number: 'ZS-2026-0001', owner: FIRMA, tier: 'Profi', status: 'active', token: null, activated_at: '2026-01-05T09:05:00.000Z', signed_at: '2026-01-05T09:12:00.000Z', signed_ip: '192.0.2.10', valid_from: '2026-01-05', created_at: '2026-01-02T10:00:00.000Z' },
  // the link of this offer went to the customer by e-mail: its token is no one's to know here
  { number: 'ZS-2026-0002', owner: FIRMA, tier: 'Flexi', status: 'pending', token: null, activated_at: null, signed_at: null, signed_ip: null, valid_from: '2026-12-01', created_at: '2026-11-16T08:30:00.000Z' },
  { number: 'ZS-2026-0003', owner: null, tier: 'Easy', status: 'pending', token: DEMO_CONTRACT_TOKEN, activated_at: null, signed_at: null, signed_ip: null, valid_from: null, created_at: '2026-11-20T08:00:00.000Z' },
];

async function contractStatement(c: SeedContract): Promise<string> {
  const hash = c.token ? await hashSecret(c.token) : await hashSecret(crypto.randomUUID());
  const row: Record<string, string> = {
    user_id: c.owner ? userOf(c.owner) : 'NULL',
    number: sqlLiteral(c.number),
    tier: sqlLiteral(c.tier),
    status: sqlLiteral(c.status),
    activation_token_hash: c.status === 'active' ? 'NULL' : sqlLiteral(hash),
    activated_at: sqlLiteral(c.activated_at),
    signed_at: sqlLiteral(c.signed_at),
    signed_ip: sqlLiteral(c.signed_ip),
    valid_from: sqlLiteral(c.valid_from),
    created_at: sqlLiteral(c.created_at),
  };
  const columns = Object.keys(row);
  return (
    `INSERT INTO contracts (${columns.join(', ')}) VALUES (${Object.values(row).join(', ')})` +
    ` ON CONFLICT (number) DO UPDATE SET ${columns.filter((k) => k !== 'number').map((k) => `${k} = excluded.${k}`).join(', ')};`
  );
}

const PLACE = { name: 'Sklad Praha-Holešovice', company: 'Demo Expres s.r.o.', contact_person: 'Petr Svoboda', phone: '+420602111222', email: 'sklad@demo-expres.test', street: 'Jankovcova 1569/2c', city: 'Praha 7', zip: '17000', country: 'cz', note: 'Rampa č. 3, zvonit na recepci.' };

const placeStatement = () => {
  const columns = Object.keys(PLACE) as (keyof typeof PLACE)[];
  return (
    `INSERT INTO pickup_places (user_id, ${columns.join(', ')}) SELECT ${userOf(FIRMA)}, ${columns.map((k) => sqlLiteral(PLACE[k])).join(', ')}` +
    ` WHERE NOT EXISTS (SELECT 1 FROM pickup_places WHERE user_id = ${userOf(FIRMA)} AND name = ${sqlLiteral(PLACE.name)});`
  );
};

/** the business demo account's default sender in its address book (the CSV import and the configurator start from it) */
const SENDER = { company: 'Demo Expres s.r.o.', firstname: 'Petr', surname: 'Svoboda', phone: '+420602111222', phone_number: '602111222', email: 'expedice@demo-expres.test', street: 'Jankovcova 1569/2c', city: 'Praha 7', zip: '17000', country: 'cz', tin: '26765799', vatin: 'CZ26765799' };

const senderStatement = () => {
  const row = { ...SENDER, address_type: 'all', is_default_sender: 1, search: addressSearchText(SENDER), fingerprint: addressFingerprint(SENDER) };
  const columns = Object.keys(row) as (keyof typeof row)[];
  return (
    `INSERT INTO addresses (user_id, ${columns.join(', ')}) SELECT ${userOf(FIRMA)}, ${columns.map((k) => sqlLiteral(row[k])).join(', ')}` +
    ` WHERE NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ${userOf(FIRMA)} AND is_default_sender = 1);`
  );
};

export const businessDemoStatements = async (): Promise<string[]> => [...(await Promise.all(CONTRACTS.map(contractStatement))), placeStatement(), senderStatement()];
