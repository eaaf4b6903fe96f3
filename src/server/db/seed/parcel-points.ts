import { chunks } from '../chunks';
import type { ParcelPointKind } from '../../../lib/schemas/shipping-data';
import type { ParcelPoint, ParcelPointCarrier } from '../../../lib/types/quote';
import { PLACES, type Place } from '../../maps/places';
import type { ParcelPointRecord } from '../../services/parcel-points';
import { sqlLiteral } from './sql';

/**
 * SAMPLE parcel points: generated, not real. The towns, their postcodes and coordinates are
 * real (src/server/maps/places-data.ts); the points around them (names, streets, hours,
 * phones) are invented by a seeded PRNG, so every run yields the same rows. Every row carries
 * SAMPLE_NOTE and sample = 1. Phone numbers use the unassigned 000 block so none can ring.
 */
export const SAMPLE_NOTE = 'Ukázková data / sample data';

/** FNV-1a: a stable 32-bit seed per place and carrier, so adding a town reshuffles nothing else */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32 */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = ReturnType<typeof prng>;

const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const chance = (rnd: Random, p: number) => rnd() < p;

const STREETS = {
  cz: [
    'Masarykova', 'Nádražní', 'Palackého', 'Husova', 'Komenského', 'Smetanova', 'Tyršova', 'Jiráskova',
    'Sokolská', 'Školní', 'Zahradní', 'Havlíčkova', 'Nerudova', 'Riegrova', 'Žižkova', 'Dukelská',
    'Revoluční', 'Pražská', 'Brněnská', 'Lidická', '28. října', '17. listopadu', 'Wolkerova', 'Husitská',
    'Svatopluka Čecha', 'Karla IV.', 'Štefánikova', 'Vítězná', 'Hlavní', 'Polní', 'Krátká', 'Dlouhá',
    'Nová', 'Tovární', 'Průmyslová', 'Legionářská', 'Mánesova', 'Purkyňova', 'Kollárova', 'Alšova',
  ],
  sk: [
    'Hlavná', 'Štúrova', 'Hviezdoslavova', 'Kollárova', 'Námestie SNP', 'Nádražná', 'Školská', 'Záhradná',
    'Mierová', 'Partizánska', 'Sládkovičova', 'Jesenského', 'Komenského', 'Kukučínova', 'Štefánikova',
    'Bernolákova', 'Mlynská', 'Poštová', 'Obchodná', 'Priemyselná', 'Družstevná', 'Hurbanova',
    'Dukelských hrdinov', '1. mája', 'Československej armády', 'Safárikova', 'Rázusova', 'Jilemnického',
    'Sama Chalupku', 'Hodžova', 'Nová', 'Krátka', 'Dlhá', 'Lipová', 'Cintorínska',
  ],
} as const;

const SHOPS = {
  cz: ['Tabák', 'Trafika', 'Papírnictví', 'Květinářství', 'Večerka', 'Drogerie', 'Potraviny', 'Kadeřnictví', 'Pekárna', 'Mobil servis', 'Knihkupectví', 'Železářství', 'Čistírna'],
  sk: ['Tabak', 'Trafika', 'Papiernictvo', 'Kvetinárstvo', 'Večierka', 'Drogéria', 'Potraviny', 'Kaderníctvo', 'Pekáreň', 'Mobil servis', 'Kníhkupectvo', 'Železiarstvo', 'Čistiareň'],
} as const;

const NOTES = {
  cz: { any: ['Vchod z ulice', 'Vchod ze dvora', 'Parkování před provozovnou', 'Ve svátky může být otevírací doba upravena'], locker: ['Box stojí u vchodu do supermarketu', 'Box je v průchodu domu'] },
  sk: { any: ['Vchod z ulice', 'Vchod z dvora', 'Parkovanie pred prevádzkou', 'Počas sviatkov môže byť otváracia doba upravená'], locker: ['Box stojí pri vchode do supermarketu', 'Box je v prejazde domu'] },
} as const;

type Week = ParcelPoint['openingHours'];
const week = (days: Record<number, string[]>): Week => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, hours: days[day] ?? [] }));
const weekdays = (hours: string[]) => ({ 1: hours, 2: hours, 3: hours, 4: hours, 5: hours });

const HOURS = {
  locker: week({ ...weekdays(['00:00-24:00']), 6: ['00:00-24:00'], 7: ['00:00-24:00'] }),
  depot: week(weekdays(['07:00-18:00'])),
  postOfficeLarge: week({ ...weekdays(['08:00-18:00']), 6: ['08:00-11:00'] }),
  postOfficeSmall: week(weekdays(['08:00-11:00', '13:00-16:00'])),
  shops: [
    week({ ...weekdays(['08:00-18:00']), 6: ['08:00-12:00'] }),
    week(weekdays(['09:00-12:00', '13:00-17:00'])),
    week({ ...weekdays(['07:00-21:00']), 6: ['07:00-21:00'], 7: ['07:00-21:00'] }),
    week({ ...weekdays(['06:00-18:00']), 6: ['07:00-11:00'] }),
    week({ ...weekdays(['09:00-20:00']), 6: ['09:00-20:00'], 7: ['10:00-18:00'] }),
    week({ ...weekdays(['08:00-12:00', '12:30-18:00']), 6: ['08:00-11:00'] }),
  ],
};

/** networks per country: balíkovna (Czech Post) and PPL have no Slovak parcel points */
const NETWORKS: Record<Place['country'], ParcelPointCarrier[]> = {
  cz: ['balikovna', 'dpd', 'gls', 'ppl', 'zasilkovna', 'wedo'],
  sk: ['dpd', 'gls', 'zasilkovna', 'wedo'],
};
/** relative density of each network and the share of its points that are lockers */
const DENSITY: Record<ParcelPointCarrier, number> = { balikovna: 0.6, dpd: 0.8, gls: 0.6, ppl: 0.8, zasilkovna: 1.2, wedo: 0.5 };
const LOCKER_SHARE: Record<ParcelPointCarrier, number> = { balikovna: 0.45, dpd: 0.35, gls: 0.35, ppl: 0.4, zasilkovna: 0.5, wedo: 0.85 };
const DEPOT_BRANDS: Partial<Record<ParcelPointCarrier, string>> = { dpd: 'DPD', gls: 'GLS', ppl: 'PPL' };
const DEPOT_MIN_POPULATION = 70_000;

const hasParts = new Set(PLACES.filter((p) => p.isPart).map((p) => p.city));

/** points per network a place gets on average */
function pointsPerNetwork(place: Place): number {
  if (place.isPart) return 1;
  const pop = place.population;
  return pop >= 150_000 ? 5 : pop >= 70_000 ? 4 : pop >= 35_000 ? 3 : pop >= 15_000 ? 2 : pop >= 7_000 ? 1 : 0.35;
}

/** how far from the centre points are scattered, metres */
const spreadOf = (place: Place) => (place.isPart ? 900 : 500 + 2500 * Math.min(1, Math.sqrt(place.population / 300_000)));

/** the place as named on a point: 'Praha 3 - Žižkov', 'Brno-Židenice', 'Zlín' */
function localityOf(place: Place): string {
  if (!place.isPart) return place.title;
  if (place.city === 'Praha') return `${place.district} - ${place.title}`;
  return place.title.startsWith(place.city) ? place.title : `${place.city}-${place.title}`;
}

function scatter(rnd: Random, place: Place, minM: number, maxM: number) {
  const angle = rnd() * 2 * Math.PI;
  const distance = minM + (maxM - minM) * Math.sqrt(rnd());
  const dLat = (distance * Math.cos(angle)) / 111_320;
  const dLng = (distance * Math.sin(angle)) / (111_320 * Math.cos((place.lat * Math.PI) / 180));
  return { lat: Math.round((place.lat + dLat) * 1e5) / 1e5, lng: Math.round((place.lng + dLng) * 1e5) / 1e5 };
}

const phone = (rnd: Random, country: Place['country']) => {
  const digits = () => String(Math.floor(rnd() * 1000)).padStart(3, '0');
  return `${country === 'cz' ? '+420' : '+421'} 000 ${digits()} ${digits()}`;
};

function pointName(carrier: ParcelPointCarrier, kind: ParcelPointKind, place: Place, streetName: string, shop: string): string {
  const at = localityOf(place);
  if (kind === 'depot') return `${DEPOT_BRANDS[carrier]} depo ${place.city}`;
  if (kind === 'post_office') return `Pošta ${hasParts.has(place.title) && !place.isPart ? `${place.title} 1` : at}`;
  const locker = kind === 'locker';
  switch (carrier) {
    case 'zasilkovna':
      return locker ? `Z-BOX ${at}, ${streetName}` : `${place.country === 'cz' ? 'Zásilkovna' : 'Packeta'} ${at}, ${streetName} (${shop})`;
    case 'balikovna':
      return locker ? `Balíkovna BOX ${at}, ${streetName}` : `Balíkovna ${at}, ${streetName} (${shop})`;
    case 'dpd':
      return locker ? `DPD Pickup Station ${at}, ${streetName}` : `DPD Pickup ${shop} ${at}, ${streetName}`;
    case 'gls':
      return locker ? `GLS ParcelLocker ${at}, ${streetName}` : `GLS ParcelShop ${shop} ${at}, ${streetName}`;
    case 'ppl':
      return locker ? `PPL Parcelbox ${at}, ${streetName}` : `PPL Parcelshop ${shop} ${at}, ${streetName}`;
    case 'wedo':
      return locker ? `One Box ${at}, ${streetName}` : `One Point ${shop} ${at}, ${streetName}`;
  }
}

function makePoint(rnd: Random, id: string, carrier: ParcelPointCarrier, kind: ParcelPointKind, place: Place): ParcelPointRecord {
  const { country } = place;
  const streetName = pick(rnd, STREETS[country]);
  const houseNumber = chance(rnd, 0.5) ? `${1 + Math.floor(rnd() * 2999)}/${1 + Math.floor(rnd() * 80)}` : `${1 + Math.floor(rnd() * 150)}`;
  const shop = pick(rnd, SHOPS[country]);
  const location =
    kind === 'depot' ? scatter(rnd, place, spreadOf(place), spreadOf(place) * 2) : scatter(rnd, place, 0, spreadOf(place));
  const staffed = kind !== 'locker';
  const openingHours =
    kind === 'locker'
      ? HOURS.locker
      : kind === 'depot'
        ? HOURS.depot
        : kind === 'post_office'
          ? place.isPart || place.population >= 15_000
            ? HOURS.postOfficeLarge
            : HOURS.postOfficeSmall
          : pick(rnd, HOURS.shops);
  const statusRoll = rnd();
  const statuses =
    statusRoll < 0.03 ? ['temporarily_closed'] : statusRoll < 0.06 && kind === 'locker' ? ['active', 'full'] : statusRoll < 0.1 ? ['active', 'new'] : ['active'];
  const extraNote = chance(rnd, 0.3) ? [pick(rnd, kind === 'locker' ? NOTES[country].locker : NOTES[country].any)] : [];
  const carriers: ParcelPointCarrier[] =
    carrier === 'dpd' && kind === 'shop' && chance(rnd, 0.12) ? ['dpd', 'gls'] : [carrier];
  return {
    id,
    carriers,
    name: pointName(carrier, kind, place, streetName, shop),
    kind,
    street: `${streetName} ${houseNumber}`,
    city: place.city,
    zip: place.zip,
    country,
    ...location,
    isCollection: kind === 'shop' ? chance(rnd, 0.85) : kind === 'locker' && carrier === 'wedo' ? chance(rnd, 0.7) : true,
    cardPayment: kind === 'locker' || kind === 'post_office' ? true : chance(rnd, kind === 'depot' ? 0.5 : 0.7),
    wheelchairAccess: chance(rnd, { locker: 0.7, post_office: 0.8, depot: 0.5, shop: 0.4 }[kind]),
    openingHours,
    phones: staffed && chance(rnd, kind === 'shop' ? 0.5 : 0.9) ? [phone(rnd, country)] : [],
    notes: [SAMPLE_NOTE, ...extraNote],
    statuses,
  };
}

let generated: ParcelPointRecord[] | undefined;

/** The whole sample network, deterministic. */
export function sampleParcelPoints(): ParcelPointRecord[] {
  if (generated) return generated;
  const points: ParcelPointRecord[] = [];
  for (const place of PLACES) {
    for (const carrier of NETWORKS[place.country]) {
      const rnd = prng(hash32(`${place.id}:${carrier}`));
      const kinds: ParcelPointKind[] = [];
      if (carrier === 'balikovna') kinds.push('post_office');
      if (DEPOT_BRANDS[carrier] && !place.isPart && place.population >= DEPOT_MIN_POPULATION) kinds.push('depot');
      // One by Allegro reaches only larger towns
      const served = carrier !== 'wedo' || place.isPart || place.population >= 15_000;
      const count = served ? Math.floor(pointsPerNetwork(place) * DENSITY[carrier] + rnd()) : 0;
      for (let i = 0; i < count; i++) kinds.push(chance(rnd, LOCKER_SHARE[carrier]) ? 'locker' : 'shop');
      kinds.forEach((kind, i) => points.push(makePoint(rnd, `${carrier}-${place.id}-${i + 1}`, carrier, kind, place)));
    }
  }
  generated = points;
  return points;
}

const POINT_COLUMNS = [
  'id', 'name', 'kind', 'street', 'city', 'zip', 'country', 'lat', 'lng', 'is_collection', 'card_payment',
  'wheelchair_access', 'opening_hours', 'phones', 'notes', 'statuses', 'sample',
] as const;

const pointValues = (p: ParcelPointRecord) =>
  [
    p.id, p.name, p.kind, p.street, p.city, p.zip, p.country, p.lat, p.lng, p.isCollection, p.cardPayment, p.wheelchairAccess,
    JSON.stringify(p.openingHours), JSON.stringify(p.phones), JSON.stringify(p.notes), JSON.stringify(p.statuses), true,
  ].map(sqlLiteral);

/**
 * Idempotent: points are upserted by id; the carrier links of sample points are replaced.
 * Multi-row statements keep the seed to about a hundred statements.
 */
export function sampleParcelPointStatements(): string[] {
  const points = sampleParcelPoints();
  const updates = POINT_COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ');
  return [
    '-- Ukázková data / sample data: generated parcel points (src/server/db/seed/parcel-points.ts)\n' +
      'DELETE FROM parcel_point_carriers WHERE point_id IN (SELECT id FROM parcel_points WHERE sample = 1);',
    ...chunks(points, 40).map(
      (rows) =>
        `INSERT INTO parcel_points (${POINT_COLUMNS.join(', ')}) VALUES ${rows.map((p) => `(${pointValues(p).join(', ')})`).join(', ')}` +
        ` ON CONFLICT (id) DO UPDATE SET ${updates};`,
    ),
    ...chunks(
      points.flatMap((p) => p.carriers.map((carrier) => `(${sqlLiteral(p.id)}, ${sqlLiteral(carrier)})`)),
      250,
    ).map((values) => `INSERT INTO parcel_point_carriers (point_id, carrier) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING;`),
  ];
}
