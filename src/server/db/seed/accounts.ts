import { hashPassword } from '../../identity/passwords';
import { billingSeedStatements } from './billing';
import { businessDemoStatements } from './business';
import { upsert } from './sql';

/**
 * The demo accounts the README names, so every step can be tried at once: a personal one
 * and a business one with a contract (tier Profi). Reseeding resets their passwords.
 */
export const DEMO_ACCOUNTS = [
  {
    email: 'demo@zasilkovac.test',
    password: 'Demo-heslo-2026',
    row: { firstname: 'Jana', surname: 'Nováková', phone: '+420777123456', segment: 'A', language: 'cs', has_contract: false, price_type: null },
  },
  {
    email: 'firma@zasilkovac.test',
    password: 'Firma-heslo-2026',
    row: {
      firstname: 'Petr',
      surname: 'Svoboda',
      phone: '+420602111222',
      segment: 'B',
      language: 'cs',
      company: 'Demo Expres s.r.o.',
      ico: '26765799',
      dic: 'CZ26765799',
      street: 'Na Poříčí 1041/12',
      city: 'Praha 1',
      zip: '11000',
      country: 'cz',
      has_contract: true,
      price_type: 'Profi',
    },
  },
] as const;

/** needs the pepper of the database's deployment: hashes are computed here */
export async function demoAccountStatements(pepper: string): Promise<string[]> {
  const confirmed = '2026-01-05T09:00:00.000Z';
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ email, password, row }) =>
      upsert('users', 'email', { email, password_hash: await hashPassword(password, pepper), email_confirmed_at: confirmed, blocked_at: null, ...row }),
    ),
  );
  // rows that belong to the accounts come after them
  return [...accounts, ...(await businessDemoStatements()), ...billingSeedStatements()];
}
