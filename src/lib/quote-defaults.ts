/** Defaults of a quote request (spec §5, §9); pure, shared by the client form and the origin. */

export type PlaceRole = 'from' | 'to';

/** Stand-in locations for an empty zip or city, per country and side (spec §5). */
export const PLACEHOLDER_LOCATIONS: Record<string, Record<PlaceRole, { city: string; zip: string }>> = {
  cz: { from: { city: 'Praha', zip: '10000' }, to: { city: 'Brno', zip: '60200' } },
  sk: { from: { city: 'Bratislava', zip: '81104' }, to: { city: 'Košice', zip: '04001' } },
};

export const DEFAULT_PACKAGE = { weight: 0.5, width: 10, height: 10, length: 10 } as const;

export const MAX_PACKAGES = 10;

type Blank = string | number | null | undefined;
const isBlank = (value: Blank) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Fills an empty zip and an empty city, each on its own, with the placeholder of the
 * country and side; what the user typed is kept. Countries without a placeholder are
 * returned unchanged.
 */
export function fillPlaceholderLocation<P extends { country: string; zip?: Blank; city?: Blank }>(place: P, role: PlaceRole): P {
  const placeholder = PLACEHOLDER_LOCATIONS[place.country.toLowerCase()]?.[role];
  if (!placeholder || (!isBlank(place.zip) && !isBlank(place.city))) return place;
  return {
    ...place,
    zip: isBlank(place.zip) ? placeholder.zip : place.zip,
    city: isBlank(place.city) ? placeholder.city : place.city,
  };
}

type PackageFields = { weight?: Blank; width?: Blank; height?: Blank; length?: Blank };
type FilledPackage<P> = Omit<P, keyof PackageFields> & { weight: number; width: number; height: number; length: number };

const filled = (value: Blank, fallback: number) => (isBlank(value) ? fallback : Number(value));

/** Missing weight defaults to 0.5 kg and each missing dimension to 10 cm (spec §5). */
export function fillPackageDefaults<P extends PackageFields>(pkg: P): FilledPackage<P> {
  return {
    ...pkg,
    weight: filled(pkg.weight, DEFAULT_PACKAGE.weight),
    width: filled(pkg.width, DEFAULT_PACKAGE.width),
    height: filled(pkg.height, DEFAULT_PACKAGE.height),
    length: filled(pkg.length, DEFAULT_PACKAGE.length),
  };
}

type PlaceFields = { country: string; zip?: Blank; city?: Blank };

/** The whole request: placeholders on both sides, package defaults, at least one package. */
export function fillQuoteDefaults<D extends { from: PlaceFields; to: PlaceFields; packages: PackageFields[] }>(
  draft: D,
): Omit<D, 'packages'> & { packages: FilledPackage<D['packages'][number]>[] } {
  const packages: D['packages'][number][] = draft.packages.length > 0 ? draft.packages : [{}];
  return {
    ...draft,
    from: fillPlaceholderLocation(draft.from, 'from'),
    to: fillPlaceholderLocation(draft.to, 'to'),
    packages: packages.map(fillPackageDefaults),
  };
}
