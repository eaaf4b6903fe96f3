import { describe, expect, it } from 'vitest';
import { carrierByCode } from '../../src/server/carriers';
import { carrierDisplayName, serviceDisplayName } from '../../src/server/carriers/names';
import { carrierAndServiceIn, storedQuoteNames } from '../../src/server/carriers/stored-names';

/** Issue 14: English pages show English service names; a carrier's own product name stays. */
describe('service and carrier names per language', () => {
  it('translates the Czech descriptions', () => {
    expect(serviceDisplayName('balikovna', 'do-ruky', 'Do ruky', 'en')).toBe('to the door');
    expect(serviceDisplayName('balikovna', 'na-balikovnu', 'Na Balíkovnu', 'en')).toBe('to a pickup point');
    expect(serviceDisplayName('liftago', 'same-day', 'Doručení ještě dnes', 'en')).toBe('Delivery today');
    expect(serviceDisplayName('toptrans', 'pallet', 'Paleta', 'en')).toBe('Pallet');
    expect(serviceDisplayName('balikovna', 'do-ruky', 'Do ruky', 'sk')).toBe('Do rúk');
    expect(carrierDisplayName('liftago', undefined, 'en')).toBe('Same-day courier');
    expect(carrierDisplayName('balikovna', 'to the door', 'en')).toBe('Balíkovna to the door');
  });

  it('keeps Czech in Czech and carriers’ product names in every language', () => {
    expect(serviceDisplayName('balikovna', 'do-ruky', 'Do ruky', 'cs')).toBe('Do ruky');
    expect(carrierDisplayName('liftago')).toBe('Kurýr na přesný čas');
    expect(serviceDisplayName('dpd', 'classic', 'Classic', 'en')).toBe('Classic');
    expect(serviceDisplayName('ppl', 'connect', 'Parcel Connect', 'en')).toBe('Parcel Connect');
    expect(carrierDisplayName('dpd', 'Classic', 'en')).toBe('DPD');
  });

  it('has an English name for every service whose name has Czech letters', () => {
    for (const code of ['balikovna', 'dpd', 'fedex', 'gls', 'liftago', 'ppl', 'toptrans', 'ups', 'wedo']) {
      const carrier = carrierByCode(code);
      if (!carrier) continue;
      for (const service of carrier.sheet.services) {
        const english = serviceDisplayName(code, service.code, service.name, 'en');
        expect(english, `${code}-${service.code}`).not.toMatch(/[ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ]/);
        expect(carrierDisplayName(code, english, 'en'), code).not.toMatch(/[ěščřžýůťďňĚŠČŘŽÝŮŤĎŇ]|Kurýr/);
      }
    }
  });

  it('names a stored quote in the page’s language from its service id (old orders keep Czech names)', () => {
    const czech = { serviceId: 'balikovna-na-balikovnu', serviceName: 'Na Balíkovnu', carrier: { code: 'balikovna', name: 'Balíkovna Na Balíkovnu' } };
    expect(storedQuoteNames(czech, 'en')).toEqual({ carrier: 'Balíkovna to a pickup point', service: null });
    expect(storedQuoteNames(czech, 'sk')).toEqual({ carrier: 'Balíkovna Na Balíkovňu', service: null });
    const english = { serviceId: 'balikovna-do-ruky', serviceName: 'to the door', carrier: { code: 'balikovna', name: 'Balíkovna to the door' } };
    expect(carrierAndServiceIn(english, 'cs')).toBe('Balíkovna Do ruky');
    const liftago = { serviceId: 'liftago-same-day', serviceName: 'Doručení ještě dnes', carrier: { code: 'liftago', name: 'Kurýr na přesný čas' } };
    expect(storedQuoteNames(liftago, 'en')).toEqual({ carrier: 'Same-day courier', service: 'Delivery today' });
    const dpd = { serviceId: 'dpd-classic', serviceName: 'Classic', carrier: { code: 'dpd', name: 'DPD' } };
    expect(storedQuoteNames(dpd, 'en')).toEqual({ carrier: 'DPD', service: 'Classic' });
    // a service no longer offered keeps its stored names
    const gone = { serviceId: 'dpd-gone', serviceName: 'Starý', carrier: { code: 'dpd', name: 'DPD' } };
    expect(storedQuoteNames(gone, 'en')).toEqual({ carrier: 'DPD', service: 'Starý' });
  });
});
