import { describe, expect, it } from 'vitest';
import cs from '../../translations/cs.json';
import en from '../../translations/en.json';
import { REFUSAL_KINDS, refusalKind } from '../../src/server/carriers/refusals';

describe("a carrier's refusal, by its own code", () => {
  it('means what the carrier documents', () => {
    expect(refusalKind('ups', '120541')).toBe('weight');
    expect(refusalKind('ppl', 'InvalidZipCode')).toBe('postcode');
    expect(refusalKind('dpd', 'INVALID_COUNTRY')).toBe('route');
    expect(refusalKind('balikovna', '247')).toBe('address');
  });

  it('is other for a code not in the table, another carrier’s code, or none', () => {
    expect(refusalKind('ups', '999999')).toBe('other');
    expect(refusalKind('ups', 'WeightExceeded')).toBe('other');
    expect(refusalKind('gls', '')).toBe('other');
  });

  it('has a text in Czech and English for every kind', () => {
    for (const kind of REFUSAL_KINDS) {
      expect((cs as Record<string, string>)[`order.shipment.refused.${kind}`]).toBeTruthy();
      expect((en as Record<string, string>)[`order.shipment.refused.${kind}`]).toBeTruthy();
    }
  });
});
