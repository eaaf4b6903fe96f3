import { describe, expect, it } from 'vitest';
import { carrierAndService, serviceNameBeside } from '../../src/lib/quote-rules';

describe('a service is named once beside its carrier', () => {
  it('leaves out a service name the carrier name already holds, in any case', () => {
    expect(serviceNameBeside('One by Allegro Box', 'Box')).toBeNull();
    expect(serviceNameBeside('Balíkovna', 'balíkovna')).toBeNull();
    expect(carrierAndService('One by Allegro Box', 'Box')).toBe('One by Allegro Box');
  });

  it('keeps a service name the carrier name does not hold', () => {
    expect(serviceNameBeside('DPD', 'Classic')).toBe('Classic');
    expect(carrierAndService('DPD', 'Classic')).toBe('DPD Classic');
  });

  it('says only the carrier when there is no service name', () => {
    expect(serviceNameBeside('PPL', '  ')).toBeNull();
    expect(serviceNameBeside('PPL', null)).toBeNull();
    expect(carrierAndService('PPL', undefined)).toBe('PPL');
  });
});
