// The pure parts of the quote engine on their own (issue 31): customs territory, zones, pickup and
// delivery times, same-day windows and the restriction texts.
import { describe, expect, it } from 'vitest';
import { customsClearanceRequired, inEuCustomsTerritory } from '../../src/server/carriers/pricing/customs';
import { PROBLEM_CODES, problem } from '../../src/server/carriers/pricing/messages';
import { bookableWindows, chooseWindow, earliestPickupDate, timeInTransit, windowTimeInTransit, type BookableWindow } from '../../src/server/carriers/pricing/transit';
import { exportZone, routeZones } from '../../src/server/carriers/pricing/zones';
import type { ServiceSheet, TimeWindowRule } from '../../src/server/carriers/types';
import { shipment, TUESDAY_MORNING } from './quote-fixtures';

/** an instant given as Prague wall-clock time in winter (UTC+1) */
const prague = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);

describe('EU customs territory', () => {
  it('the special territories of member states are outside it, by postcode, spaces ignored', () => {
    for (const [country, zip] of [['es', '35001'], ['es', '38 001'], ['fi', '22100'], ['de', '27498'], ['de', '78266'], ['it', '23030'], ['it', '22061'], ['gr', '63086'], ['fr', '97100']]) {
      expect(inEuCustomsTerritory(country, zip), `${country} ${zip}`).toBe(false);
    }
  });

  it('a special territory’s pattern is the whole postcode: longer, shorter or lettered codes are the mainland', () => {
    for (const [country, zip] of [['es', '28001'], ['es', '350011'], ['es', '135001'], ['es', '350'], ['es', '35abc'], ['fi', '221001'], ['fi', '122100'], ['fi', '221'], ['fi', '22abc'],
      ['de', '274980'], ['de', '127498'], ['it', '230301'], ['it', '123030'], ['gr', '630861'], ['gr', '163086'], ['fr', '971001'], ['fr', '197100'], ['fr', '971'], ['fr', '97abc'], ['fr', '75001']]) {
      expect(inEuCustomsTerritory(country, zip), `${country} ${zip}`).toBe(true);
    }
  });

  it('Monaco is inside through France; a country outside the EU is not', () => {
    expect(inEuCustomsTerritory('mc', '98000')).toBe(true);
    expect(inEuCustomsTerritory('ch', '8000')).toBe(false);
  });

  it('a route needs customs clearance when either end is outside the territory', () => {
    expect(customsClearanceRequired({ country: 'cz', zip: '11000' }, { country: 'de', zip: '10115' })).toBe(false);
    expect(customsClearanceRequired({ country: 'cz', zip: '11000' }, { country: 'ch', zip: '8000' })).toBe(true);
    expect(customsClearanceRequired({ country: 'es', zip: '35001' }, { country: 'cz', zip: '11000' })).toBe(true);
  });
});

describe('route zones', () => {
  const place = (country: string, zip = '') => ({ country, zip, city: 'X' });

  it('a Czech route within Prague or within Brno is a city route first', () => {
    expect(routeZones(place('cz', '10000'), place('cz', '11000'))).toEqual(['city', 'cz']);
    expect(routeZones(place('cz', '60200'), place('cz', '61300'))).toEqual(['city', 'cz']);
    expect(routeZones(place('cz', '10000'), place('cz', '60200'))).toEqual(['cz']);
    expect(routeZones(place('cz', '37001'), place('cz', '37005'))).toEqual(['cz']);
    expect(routeZones(place('cz', ''), place('cz', ''))).toEqual(['cz']);
  });

  it('Slovak, Czech–Slovak, export and import routes', () => {
    expect(routeZones(place('sk'), place('sk'))).toEqual(['sk']);
    expect(routeZones(place('cz'), place('sk'))).toEqual(['czsk']);
    expect(routeZones(place('sk'), place('cz'))).toEqual(['czsk']);
    expect(routeZones(place('cz'), place('de'))).toEqual(['eu1']);
    expect(routeZones(place('sk'), place('us'))).toEqual(['world1']);
    expect(routeZones(place('cz'), place('br'))).toEqual(['world3']);
    expect(routeZones(place('de'), place('cz'))).toEqual(['import-eu']);
    expect(routeZones(place('us'), place('sk'))).toEqual(['import-world']);
    expect(routeZones(place('zz'), place('cz'))).toEqual(['import-world']);
    expect(routeZones(place('de'), place('at'))).toEqual([]);
  });

  it('every listed country has its export zone, every other one world zone 3', () => {
    expect([exportZone('de'), exportZone('fr'), exportZone('es'), exportZone('ca'), exportZone('jp'), exportZone('br')]).toEqual(['eu1', 'eu2', 'eu3', 'world1', 'world2', 'world3']);
  });
});

describe('pickup and delivery times', () => {
  const service = { orderTimeLimit: '16:00', pickupWindow: { from: '08:00', to: '16:00' }, deliveryWindow: { from: '09:00', to: '17:00' } } as ServiceSheet;

  it('picks up today before the order time limit on a working day, else on the next working day', () => {
    expect(earliestPickupDate('16:00', 'cz', prague('2026-03-10', '15:59'))).toBe('2026-03-10');
    expect(earliestPickupDate('16:00', 'cz', prague('2026-03-10', '16:00'))).toBe('2026-03-11');
    expect(earliestPickupDate('16:00', 'cz', prague('2026-03-14', '09:00'))).toBe('2026-03-16');
  });

  it('uses the Slovak calendar for a Slovak sender and the Czech one for everyone else', () => {
    // 6 January: Epiphany, a day off in Slovakia only
    expect(earliestPickupDate('16:00', 'sk', prague('2026-01-06', '09:00'))).toBe('2026-01-07');
    expect(earliestPickupDate('16:00', 'cz', prague('2026-01-06', '09:00'))).toBe('2026-01-06');
    expect(earliestPickupDate('16:00', 'de', prague('2026-01-06', '09:00'))).toBe('2026-01-06');
  });

  it('a later requested pickup date is taken (moved to a working day); an earlier one is not', () => {
    expect(timeInTransit(service, shipment({ pickupDate: '2026-03-14' }), 1, TUESDAY_MORNING)).toMatchObject({ pickupDate: '2026-03-16', deliveryDate: '2026-03-17' });
    expect(timeInTransit(service, shipment({ pickupDate: '2026-03-01' }), 1, TUESDAY_MORNING)).toMatchObject({ pickupDate: '2026-03-10', deliveryDate: '2026-03-11' });
    expect(timeInTransit(service, shipment({ pickupDate: '2026-03-10' }), 1, TUESDAY_MORNING).pickupDate).toBe('2026-03-10');
  });

  it('gives every time of a courier service, the pickup window narrowed to the requested times', () => {
    expect(timeInTransit(service, shipment({ fromTime: '10:00', toTime: '14:00' }), 2, TUESDAY_MORNING)).toEqual({
      orderTimeLimit: '16:00',
      pickupDate: '2026-03-10',
      deliveryDate: '2026-03-12',
      pickupFromTime: '10:00',
      pickupToTime: '14:00',
      pickupWindow: '10:00 - 14:00',
      deliveryFromTime: '09:00',
      deliveryToTime: '17:00',
      deliveryWindow: '09:00 - 17:00',
      hoursInTransit: 48,
    });
  });

  it('keeps the courier’s window where the requested times lie outside it or leave nothing of it', () => {
    const window = (fromTime: string | null, toTime: string | null) => {
      const times = timeInTransit(service, shipment({ fromTime, toTime }), 1, TUESDAY_MORNING);
      return [times.pickupFromTime, times.pickupToTime];
    };
    expect(window('07:00', '17:00')).toEqual(['08:00', '16:00']);
    expect(window('15:00', '09:00')).toEqual(['08:00', '16:00']);
    expect(window('12:00', '12:00')).toEqual(['08:00', '16:00']);
    expect(window('08:00', null)).toEqual(['08:00', '16:00']);
  });

  it('without a pickup window, a delivery window or transit days those times are empty', () => {
    const bare = { orderTimeLimit: '12:00', pickupWindow: null } as ServiceSheet;
    expect(timeInTransit(bare, shipment(), null, TUESDAY_MORNING)).toEqual({
      orderTimeLimit: '12:00',
      pickupDate: '2026-03-10',
      deliveryDate: null,
      pickupFromTime: null,
      pickupToTime: null,
      pickupWindow: null,
      deliveryFromTime: null,
      deliveryToTime: null,
      deliveryWindow: null,
      hoursInTransit: null,
    });
  });
});

describe('same-day courier windows', () => {
  const rule: TimeWindowRule = { firstStart: '08:00', lastStart: '16:00', hours: 2, leadMinutes: 60, peakFrom: '14:00', peakSurcharge: 50 };
  const starts = (windows: BookableWindow[]) => windows.map((w) => `${w.date} ${w.from}-${w.to}${w.peak ? ' peak' : ''}`);

  it('offers today’s windows that start at least the lead time from now, the late ones as peak', () => {
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '09:00')))).toEqual([
      '2026-03-10 10:00-12:00',
      '2026-03-10 12:00-14:00',
      '2026-03-10 14:00-16:00 peak',
      '2026-03-10 16:00-18:00 peak',
    ]);
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '09:30')))[0]).toBe('2026-03-10 12:00-14:00');
    // the last window starts exactly the lead time from now: still bookable today
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '15:00')))).toEqual(['2026-03-10 16:00-18:00 peak']);
  });

  it('offers the next working day’s windows when today has none left or is not a working day', () => {
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '15:30')))).toEqual([
      '2026-03-11 08:00-10:00',
      '2026-03-11 10:00-12:00',
      '2026-03-11 12:00-14:00',
      '2026-03-11 14:00-16:00 peak',
      '2026-03-11 16:00-18:00 peak',
    ]);
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-14', '09:00')))[0]).toBe('2026-03-16 08:00-10:00');
    expect(starts(bookableWindows(rule, 'sk', prague('2026-01-06', '07:00')))[0]).toBe('2026-01-07 08:00-10:00');
  });

  it('a later requested day gets all its windows (moved to a working day); an earlier one is ignored', () => {
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '09:00'), '2026-03-14'))[0]).toBe('2026-03-16 08:00-10:00');
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '09:00'), '2026-03-01'))[0]).toBe('2026-03-10 10:00-12:00');
    expect(starts(bookableWindows(rule, 'cz', prague('2026-03-10', '09:00'), '2026-03-10'))[0]).toBe('2026-03-10 10:00-12:00');
  });

  it('chooses the window that starts at or holds the requested time, else the first', () => {
    const w = (from: string, to: string): BookableWindow => ({ date: '2026-03-10', from, to, peak: false });
    const windows = [w('10:00', '12:00'), w('12:00', '14:00')];
    expect(chooseWindow(windows, '12:00')).toBe(windows[1]);
    expect(chooseWindow(windows, '13:00')).toBe(windows[1]);
    expect(chooseWindow(windows, '14:00')).toBe(windows[0]);
    expect(chooseWindow(windows, '07:00')).toBe(windows[0]);
    expect(chooseWindow(windows, null)).toBe(windows[0]);
    // a start matches before a window that only holds it; a time between windows gets the first
    const overlapping = [w('10:00', '14:00'), w('12:00', '14:00')];
    expect(chooseWindow(overlapping, '12:00')).toBe(overlapping[1]);
    const gap = [w('10:00', '12:00'), w('14:00', '16:00')];
    expect(chooseWindow(gap, '13:00')).toBe(gap[0]);
  });

  it('delivers within the hour after the booked window; without one only the day is known', () => {
    const service = { orderTimeLimit: '15:00' } as ServiceSheet;
    expect(windowTimeInTransit(service, '2026-03-10', { date: '2026-03-10', from: '10:00', to: '12:00', peak: false })).toEqual({
      orderTimeLimit: '15:00',
      pickupDate: '2026-03-10',
      deliveryDate: '2026-03-10',
      pickupFromTime: '10:00',
      pickupToTime: '12:00',
      pickupWindow: '10:00 - 12:00',
      deliveryFromTime: '11:00',
      deliveryToTime: '13:00',
      deliveryWindow: '11:00 - 13:00',
      hoursInTransit: 1,
    });
    expect(windowTimeInTransit(service, '2026-03-10', null)).toMatchObject({ pickupFromTime: null, pickupToTime: null, deliveryFromTime: null, deliveryWindow: null, hoursInTransit: null });
  });
});

describe('restriction and error texts', () => {
  it('every problem has its own text in Czech, English, Slovak and Spanish', () => {
    for (const code of PROBLEM_CODES) {
      const [cs, en, sk, es] = (['cs', 'en', 'sk', 'es'] as const).map((language) => problem(code, language).message);
      expect(cs.length, code).toBeGreaterThan(10);
      expect(en.length, code).toBeGreaterThan(10);
      expect(sk.length, code).toBeGreaterThan(10);
      expect(es.length, code).toBeGreaterThan(10);
      expect(new Set([cs, en, sk, es]).size, code).toBe(4);
    }
  });

  it('names the limit where the text has one, and leaves nothing of the placeholder without it', () => {
    expect(problem('TOO_MANY_PACKAGES', 'cs', 'packages', { max: '5' })).toEqual({ code: 'TOO_MANY_PACKAGES', message: 'Služba přepraví nejvýše 5 balíků v jedné zásilce.', field: 'packages' });
    expect(problem('TOO_MANY_PACKAGES', 'en').message).toBe('The service carries at most  parcels in one shipment.');
    expect(problem('ROUTE_NOT_SERVED', 'sk')).toEqual({ code: 'ROUTE_NOT_SERVED', message: 'Prepravca túto trasu neobsluhuje.' });
    expect(problem('ROUTE_NOT_SERVED', 'es').message).toBe('El transportista no cubre esta ruta.');
  });
});
