import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARRIER_CODES } from '../../src/lib/types/quote';
import { CARRIERS, carrierByCode, carrierByServiceId, carriersFor } from '../../src/server/carriers';
import { carrierDisplayName, isRetiredCarrier, normalizeCarrierCode } from '../../src/server/carriers/names';
import { TRACKING_STATUSES, ZONE_CODES } from '../../src/server/carriers/types';

const CARRIERS_DIR = path.join(import.meta.dirname, '../../src/server/carriers');

describe('carrier registry', () => {
  it('has one folder with the same parts per carrier code', () => {
    // pricing/ is the rate-sheet pricing every carrier shares, not a carrier
    const folders = readdirSync(CARRIERS_DIR).filter((f) => f !== 'pricing' && statSync(path.join(CARRIERS_DIR, f)).isDirectory());
    expect(folders.sort()).toEqual([...CARRIER_CODES].sort());
    // a carrier spoken to through its own API also has its protocol's parts (issue 23)
    const PROTOCOL_PARTS = ['PROTOCOL.md', 'client.ts', 'config.ts', 'schemas.ts', 'sandbox.ts', 'sandbox-label.ts', 'sandbox-account.ts', 'sandbox-font.ts', 'label.ts'];
    for (const folder of folders) {
      const files = readdirSync(path.join(CARRIERS_DIR, folder));
      expect(files.filter((f) => !PROTOCOL_PARTS.includes(f)).sort(), folder).toEqual(['index.ts', 'rates.ts', 'tracking.ts']);
      if (files.some((f) => PROTOCOL_PARTS.includes(f))) expect(files, folder).toEqual(expect.arrayContaining(['PROTOCOL.md', 'client.ts', 'schemas.ts', 'sandbox.ts']));
    }
    expect(CARRIERS.map((c) => c.code).sort()).toEqual([...CARRIER_CODES].sort());
  });

  it('prices without reaching up into services (carriers are below them)', () => {
    const sources = readdirSync(CARRIERS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const upward = sources.filter((f) => /from '[./]*\/services\//.test(readFileSync(path.join(CARRIERS_DIR, f), 'utf8')));
    expect(upward).toEqual([]);
  });

  it('offers every carrier in CZ and all but PPL in SK', () => {
    expect(carriersFor('cz').map((c) => c.code)).toEqual(CARRIERS.map((c) => c.code));
    expect(carriersFor('sk').map((c) => c.code)).toEqual(CARRIERS.map((c) => c.code).filter((c) => c !== 'ppl'));
  });

  it('finds carriers by code in any spelling and by service id', () => {
    expect(carrierByCode('DPD_SK')?.code).toBe('dpd');
    expect(carrierByCode('We|Do')?.code).toBe('wedo');
    expect(carrierByCode('grid-online')).toBeUndefined();
    expect(carrierByServiceId('toptrans-pallet')?.code).toBe('toptrans');
  });
});

describe('carrier names (spec §3)', () => {
  it('normalizes codes: lowercase, no pipes, no _sk/-sk suffix', () => {
    expect(normalizeCarrierCode('UPS')).toBe('ups');
    expect(normalizeCarrierCode('gls_sk')).toBe('gls');
    expect(normalizeCarrierCode('Balikovna-SK')).toBe('balikovna');
    expect(normalizeCarrierCode('we|do')).toBe('wedo');
    expect(normalizeCarrierCode('grid-online')).toBe('grid-online');
  });

  it('keeps grid-online only as a retired code', () => {
    expect(isRetiredCarrier('GRID-ONLINE')).toBe(true);
    expect(isRetiredCarrier('dpd')).toBe(false);
  });

  it('appends the service name for ups, fedex, zasilkovna, balikovna and wedo', () => {
    expect(carrierDisplayName('ups', 'Standard')).toBe('UPS Standard');
    expect(carrierDisplayName('fedex_sk', 'International Priority')).toBe('FedEx International Priority');
    expect(carrierDisplayName('zasilkovna', 'Z-BOX')).toBe('Zásilkovna Z-BOX');
    expect(carrierDisplayName('wedo', 'Box')).toBe('One by Allegro Box');
    expect(carrierDisplayName('dpd', 'Classic')).toBe('DPD');
    expect(carrierDisplayName('liftago', 'Doručení ještě dnes')).toBe('Kurýr na přesný čas');
  });
});

describe.each(CARRIERS.map((c) => [c.code, c] as const))('%s rate sheet', (_code, carrier) => {
  const { sheet } = carrier;

  it('has a price per weight break in every zone, never falling with weight', () => {
    for (const service of sheet.services) {
      expect(service.weights).toEqual([...service.weights].sort((a, b) => a - b));
      expect(service.weights.at(-1)).toBe(service.limits.maxWeight);
      for (const [zone, rate] of Object.entries(service.zones)) {
        expect(ZONE_CODES).toContain(zone);
        expect(rate!.prices).toHaveLength(service.weights.length);
        const known = rate!.prices.filter((p): p is number => p !== null);
        expect(known).toEqual([...known].sort((a, b) => a - b));
        expect(known.every((p) => p > 0)).toBe(true);
      }
    }
  });

  it('has unique service codes and sane limits', () => {
    const codes = sheet.services.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const service of sheet.services) {
      expect(service.limits.maxLength).toBeLessThanOrEqual(400);
      expect(service.surcharges.insurance.max).toBeGreaterThanOrEqual(service.surcharges.insurance.included);
      // a courier pickup has a pickup window unless it is booked by time window; a drop-off has none
      if (!service.timeWindows) expect(service.type === 'DROPOFF').toBe(service.pickupWindow === null);
    }
  });

  it('maps raw tracking codes onto the normalized statuses, unknown codes to unknown', () => {
    const raw = Object.keys(carrier.tracking);
    expect(raw.length).toBeGreaterThan(5);
    for (const code of raw) {
      expect(TRACKING_STATUSES).toContain(carrier.tracking[code]);
      expect(carrier.trackingStatus(` ${code.toLowerCase()} `)).toBe(carrier.tracking[code]);
    }
    expect(raw.map((code) => carrier.trackingStatus(code))).toContain('delivered');
    expect(carrier.trackingStatus('no-such-code')).toBe('unknown');
  });
});
