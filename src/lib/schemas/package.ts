import * as v from 'valibot';
import { object, variant } from './object';
import { MAX_PACKAGES } from '../quote-defaults';
import { PACKAGE_TYPES, type PackageType } from '../types/quote';
import { positiveDecimal, storedNumberText } from './fields';

/** A shipment item (spec §3): type and the four measures, typed as text in the form. */

export const PACKAGE_TYPE_NAMES = Object.keys(PACKAGE_TYPES) as PackageType[];

/**
 * Sanity limits of the input (kg, cm), per type; each carrier's own lower limits come
 * with its quote (`quote.limits`). Pallets: a EUR pallet with load; tires: a truck tire.
 */
export const PACKAGE_LIMITS: Record<PackageType, { weight: number; dimension: number }> = {
  package: { weight: 50, dimension: 300 },
  envelope: { weight: 2, dimension: 100 },
  tire: { weight: 80, dimension: 150 },
  pallet: { weight: 1500, dimension: 300 },
};

export const PackageDraftSchema = object({
  type: v.fallback(v.optional(v.picklist(PACKAGE_TYPE_NAMES), 'package'), 'package'),
  weight: storedNumberText(),
  width: storedNumberText(),
  height: storedNumberText(),
  length: storedNumberText(),
});
export type PackageForm = v.InferOutput<typeof PackageDraftSchema>;

export function emptyPackage(type: PackageType = 'package'): PackageForm {
  return { type, weight: '', width: '', height: '', length: '' };
}

function buildPackageSchema(type: PackageType) {
  const limits = PACKAGE_LIMITS[type];
  const dimension = positiveDecimal('validation.dimension', { value: limits.dimension, message: 'validation.dimensionMax' });
  return object({
    type: v.literal(type),
    weight: positiveDecimal('validation.weight', { value: limits.weight, message: 'validation.weightMax' }),
    width: dimension,
    height: dimension,
    length: dimension,
  });
}

/** Filled package: positive numbers within the limits of its type; output in numbers. */
export const PackageSchema = variant(
  'type',
  [buildPackageSchema('package'), buildPackageSchema('envelope'), buildPackageSchema('tire'), buildPackageSchema('pallet')],
  'validation.package_type',
);
export type PackageOutput = v.InferOutput<typeof PackageSchema>;

export const PackagesSchema = v.pipe(
  v.array(PackageSchema),
  v.minLength(1, 'validation.required'),
  v.maxLength(MAX_PACKAGES, 'validation.too_many_packages'),
);
