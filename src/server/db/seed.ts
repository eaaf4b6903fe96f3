import { demoAccountStatements } from './seed/accounts';
import { contentSeedStatements } from './seed/content';
import { countrySeedStatements } from './seed/countries';
import { faqSeedStatements } from './seed/faq';
import { newsSeedStatements } from './seed/news';
import { discountCodeSeedStatements } from './seed/orders';
import { ratingSeedStatements } from './seed/ratings';
import { shippingSeedStatements } from './seed/shipping';

export { DEMO_ACCOUNTS } from './seed/accounts';

/**
 * Reference data every database gets (deployed too): countries first (other rows reference
 * them), content, the public reviews, the parcel-point network, FAQ, news. Idempotent.
 */
export const referenceSeedStatements = (): string[] => [
  ...countrySeedStatements(),
  ...contentSeedStatements(),
  ...ratingSeedStatements(),
  ...shippingSeedStatements(),
  ...faqSeedStatements(),
  ...newsSeedStatements(),
];

/**
 * Demo data, local development only (after the reference data): the README's accounts with
 * their passwords (hashed with the database's pepper), contracts, credit, invoices and the
 * discount codes the README names. Idempotent.
 */
export const demoSeedStatements = async (pepper: string): Promise<string[]> => [...(await demoAccountStatements(pepper)), ...discountCodeSeedStatements()];

/**
 * Whether scripts/seed.mjs loads the demo data: a local database does (`npm start`, the e2e
 * server), a remote one only when asked with --demo (a staging database); --no-demo never.
 */
export const seedsDemoData = (args: readonly string[]): boolean =>
  !args.includes('--no-demo') && (args.includes('--demo') || !args.includes('--remote'));
