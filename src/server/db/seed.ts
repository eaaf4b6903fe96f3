export { demoAccountStatements, DEMO_ACCOUNTS } from './seed/accounts';
import { contentSeedStatements } from './seed/content';
import { countrySeedStatements } from './seed/countries';
import { faqSeedStatements } from './seed/faq';
import { newsSeedStatements } from './seed/news';
import { orderSeedStatements } from './seed/orders';
import { ratingSeedStatements } from './seed/ratings';
import { shippingSeedStatements } from './seed/shipping';

/** Idempotent SQL that fills a freshly migrated database (countries first: other rows reference them). */
export const seedStatements = (): string[] => [
  ...countrySeedStatements(),
  ...contentSeedStatements(),
  ...ratingSeedStatements(),
  ...shippingSeedStatements(),
  ...orderSeedStatements(),
  ...faqSeedStatements(),
  ...newsSeedStatements(),
];
