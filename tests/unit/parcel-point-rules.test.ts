import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parcelPointRequirement, type ParcelPointRequirementInput } from '../../src/lib/parcel-point-rules';
import { PACKAGE_TYPES, type PackageType } from '../../src/lib/types/quote';

const base: ParcelPointRequirementInput = {
  fromCountry: 'CZ',
  toCountry: 'CZ',
  packageTypes: ['package'],
  senderSaved: false,
  recipientSaved: false,
};
const rule = (over: Partial<ParcelPointRequirementInput>) => parcelPointRequirement({ ...base, ...over });

describe('parcelPointRequirement', () => {
  it('limits both sides of CZ → CZ', () => {
    expect(rule({})).toEqual({ sender: true, recipient: true });
    expect(rule({ packageTypes: ['envelope', 'package'] })).toEqual({ sender: true, recipient: true });
  });

  it('limits only the sender of CZ → SK', () => {
    expect(rule({ toCountry: 'SK' })).toEqual({ sender: true, recipient: false });
  });

  it('limits nothing on other routes', () => {
    expect(rule({ fromCountry: 'SK', toCountry: 'CZ' })).toEqual({ sender: false, recipient: false });
    expect(rule({ fromCountry: 'SK', toCountry: 'SK' })).toEqual({ sender: false, recipient: false });
    expect(rule({ toCountry: 'DE' })).toEqual({ sender: false, recipient: false });
  });

  it('never limits a shipment with a pallet or a tire', () => {
    expect(rule({ packageTypes: ['pallet'] })).toEqual({ sender: false, recipient: false });
    expect(rule({ packageTypes: ['package', 'tire'] })).toEqual({ sender: false, recipient: false });
    expect(rule({ toCountry: 'sk', packageTypes: ['tire'] })).toEqual({ sender: false, recipient: false });
  });

  it('opens the side whose address is saved', () => {
    expect(rule({ senderSaved: true })).toEqual({ sender: false, recipient: true });
    expect(rule({ recipientSaved: true })).toEqual({ sender: true, recipient: false });
    expect(rule({ toCountry: 'SK', senderSaved: true })).toEqual({ sender: false, recipient: false });
  });

  it('ignores the case of country codes', () => {
    expect(rule({ fromCountry: 'cz', toCountry: 'cz' })).toEqual(rule({ fromCountry: 'CZ', toCountry: 'CZ' }));
  });

  it('only ever narrows: a saved address, a pallet or a tire never adds a limit', () => {
    const types = Object.keys(PACKAGE_TYPES) as PackageType[];
    fc.assert(
      fc.property(
        fc.constantFrom('cz', 'sk', 'de', 'CZ'),
        fc.constantFrom('cz', 'sk', 'at', 'SK'),
        fc.array(fc.constantFrom(...types), { maxLength: 10 }),
        fc.boolean(),
        fc.boolean(),
        (fromCountry, toCountry, packageTypes, senderSaved, recipientSaved) => {
          const input = { fromCountry, toCountry, packageTypes, senderSaved, recipientSaved };
          const got = parcelPointRequirement(input);
          const open = parcelPointRequirement({ ...input, senderSaved: false, recipientSaved: false });
          expect(got.sender && !open.sender).toBe(false);
          expect(got.recipient && !open.recipient).toBe(false);
          if (got.recipient) expect(got.sender || senderSaved).toBe(true);
          if (packageTypes.includes('pallet') || packageTypes.includes('tire')) expect(got).toEqual({ sender: false, recipient: false });
        },
      ),
    );
  });
});
