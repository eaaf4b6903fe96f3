import { describe, expect, it, vi } from 'vitest';
import { PARCEL_POINT_CARRIERS } from '../../src/lib/types/quote';
import { haversineMetres } from '../../src/server/maps/geo';
import { placeById } from '../../src/server/maps/places';
import { SAMPLE_NOTE, sampleParcelPoints, sampleParcelPointStatements } from '../../src/server/db/seed/parcel-points';
import { toParcelPoint } from '../../src/server/services/parcel-points';

const points = sampleParcelPoints();

describe('sample parcel points', () => {
  it('number 1500-3000 with unique ids', () => {
    expect(points.length).toBeGreaterThanOrEqual(1500);
    expect(points.length).toBeLessThanOrEqual(3000);
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
  });

  it('are the same on every generation', async () => {
    vi.resetModules();
    const fresh = await import('../../src/server/db/seed/parcel-points');
    expect(fresh.sampleParcelPoints()).not.toBe(points);
    expect(fresh.sampleParcelPoints()).toEqual(points);
    expect(points[0]).toMatchObject({ id: 'balikovna-cz-praha-1', name: 'Pošta Praha 1', kind: 'post_office' });
  });

  it('say they are sample data', () => {
    for (const p of points) expect(p.notes[0]).toBe(SAMPLE_NOTE);
  });

  it('cover all six networks, every kind and both countries, with no balíkovna or PPL in Slovakia', () => {
    expect(new Set(points.flatMap((p) => p.carriers))).toEqual(new Set(PARCEL_POINT_CARRIERS));
    expect(new Set(points.map((p) => p.kind))).toEqual(new Set(['locker', 'post_office', 'shop', 'depot']));
    const slovak = points.filter((p) => p.country === 'sk');
    expect(slovak.length).toBeGreaterThan(300);
    expect(slovak.some((p) => p.carriers.includes('balikovna') || p.carriers.includes('ppl'))).toBe(false);
  });

  it('lie near the town whose postcode and city they carry', () => {
    for (const point of points) {
      // ids are `${network}-${place id}-${n}`
      const place = placeById(point.id.slice(point.carriers[0].length + 1).replace(/-\d+$/, ''));
      expect(place, point.id).toMatchObject({ zip: point.zip, city: point.city, country: point.country });
      expect(haversineMetres(place!, point), point.id).toBeLessThan(7_000);
    }
  });

  it('carry every §3 field with consistent derived flags', () => {
    for (const record of points) {
      const p = toParcelPoint(record, null);
      expect(p.openingHours.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(p.statuses.length).toBeGreaterThan(0);
      expect(p.name).not.toBe('');
      expect(p.street).toMatch(/ \d+(\/\d+)?$/);
      for (const phone of p.phones) expect(phone).toMatch(p.country === 'cz' ? /^\+420 000 \d{3} \d{3}$/ : /^\+421 000 \d{3} \d{3}$/);
      if (p.attributes.isLocker) expect(p.services).toMatchObject({ openSaturday: true, openSunday: true, noLunchBreak: true, cardPayment: true });
      if (p.attributes.isPostOffice) expect(p.attributes.isCollection).toBe(true);
    }
    const names = points.map((p) => p.name);
    expect(names).toContain('Pošta Praha 1');
    expect(names.some((n) => /^Z-BOX Brno, /.test(n))).toBe(true);
    expect(names.some((n) => /^DPD Pickup Tabák /.test(n))).toBe(true);
  });
});

describe('sampleParcelPointStatements', () => {
  it('are few multi-row statements within the D1 statement size limit', () => {
    const statements = sampleParcelPointStatements();
    expect(statements.length).toBeLessThan(150);
    for (const sql of statements) expect(sql.length).toBeLessThan(100_000);
    expect(statements.filter((s) => s.startsWith('INSERT INTO parcel_points')).every((s) => s.includes('ON CONFLICT (id) DO UPDATE'))).toBe(true);
  });
});
