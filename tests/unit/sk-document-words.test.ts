import { describe, expect, it } from 'vitest';
import { TEXTS as INVOICE_TEXTS } from '../../src/server/documents/invoice';
import { TEXTS as LABEL_TEXTS } from '../../src/server/documents/label';
import { WORDS as INVOICE_WORDS } from '../../src/server/services/orders/invoice';
import { VAT_LEGENDS } from '../../src/server/services/orders/vat-rule';
import { czechIn } from '../fixtures/sk-words';

/** every value of a words table as text (functions called with the counts a document uses) */
const texts = (table: Record<string, unknown>) =>
  Object.entries(table).flatMap(([key, value]) => (typeof value === 'function' ? [1, 2, 5].map((n) => [`${key}(${n})`, String((value as (n: number) => string)(n))]) : [[key, String(value)]]));

describe("each PDF's own words table has a complete Slovak column (issue 26)", () => {
  const tables = {
    invoice: INVOICE_TEXTS,
    label: LABEL_TEXTS,
    'invoice lines and notes': INVOICE_WORDS,
  } as const;
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: the same keys as Czech, each in Slovak`, () => {
      const { cs, sk } = table as unknown as Record<'cs' | 'sk', Record<string, unknown>>;
      expect(Object.keys(sk)).toEqual(Object.keys(cs));
      for (const [key, value] of texts(sk)) {
        expect(value, key).not.toBe('');
        expect(czechIn(value), `${key}: ${value}`).toBeNull();
      }
    });
  }

  it('the VAT legends: every scheme in Slovak', () => {
    for (const [scheme, legend] of Object.entries(VAT_LEGENDS)) expect(czechIn(legend.sk), scheme).toBeNull();
  });
});
