import { upsert } from './sql';

/**
 * Demo discount codes to try at checkout (the README names them; local development only): a
 * percent off every line and a fixed amount in crowns shared by the lines.
 */
export const DEMO_DISCOUNT_CODES = [
  { code: 'VITEJTE10', description: '10 % na první objednávku', percent: 10, amount_minor: null, currency: null },
  { code: 'SLEVA50', description: '50 Kč z objednávky', percent: null, amount_minor: 5000, currency: 'CZK' },
] as const;

export const discountCodeSeedStatements = (): string[] =>
  DEMO_DISCOUNT_CODES.map((d) => upsert('discount_codes', 'code', { code: d.code, percent: d.percent, amount_minor: d.amount_minor, currency: d.currency, valid_until: null, active: true }));
