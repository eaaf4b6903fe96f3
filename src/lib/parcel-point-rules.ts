import type { PackageType } from './types/quote';

/**
 * Parcel-point rule of spec §4, shared by the quote service and the configurator:
 * CZ → CZ limits both sides to parcel points; CZ → SK limits the sender side only.
 * Shipments with a pallet or a tire are never limited. A side whose address is saved
 * (address book or profile) is open.
 */
export type ParcelPointRequirementInput = {
  /** ISO 3166 alpha-2, any case */
  fromCountry: string;
  toCountry: string;
  packageTypes: readonly PackageType[];
  /** the sender address is a saved or profile address */
  senderSaved: boolean;
  recipientSaved: boolean;
};

/** true = that side must use a parcel point */
export type ParcelPointRequirement = { sender: boolean; recipient: boolean };

const UNLIMITED_PACKAGE_TYPES: readonly PackageType[] = ['pallet', 'tire'];

export function parcelPointRequirement(input: ParcelPointRequirementInput): ParcelPointRequirement {
  const from = input.fromCountry.toLowerCase();
  const to = input.toCountry.toLowerCase();
  const limitable = !input.packageTypes.some((type) => UNLIMITED_PACKAGE_TYPES.includes(type));
  const sender = limitable && from === 'cz' && (to === 'cz' || to === 'sk');
  const recipient = limitable && from === 'cz' && to === 'cz';
  return { sender: sender && !input.senderSaved, recipient: recipient && !input.recipientSaved };
}
