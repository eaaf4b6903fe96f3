import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateState, STATE_VERSION } from '../../src/state/migrations';

const migration = (version: string) => {
  const found = MIGRATIONS.find((m) => m.version === version);
  if (!found) throw new Error(`no migration ${version}`);
  return found.migrate;
};

const shipment = (fields: Record<string, unknown> = {}) => ({ note: '', ...fields });

describe('migration versions', () => {
  it('run 1.0.1 … 1.0.11 in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: 11 }, (_, i) => `1.0.${i + 1}`));
    expect(STATE_VERSION).toBe('1.0.11');
  });
});

describe('each migration on its old shape', () => {
  it('1.0.1 clears the payer id when the payer type is account', () => {
    expect(migration('1.0.1')({ cart: { items: [], payer: { type: 'account', id: 42 } } })).toEqual({
      cart: { items: [], payer: { type: 'account', id: null } },
    });
    const company = { cart: { payer: { type: 'company', id: 7 } } };
    expect(migration('1.0.1')(company)).toEqual(company);
  });

  it('1.0.2 reverses the cart items', () => {
    expect(migration('1.0.2')({ cart: { items: [{ cartId: 'newest' }, { cartId: 'oldest' }] } })).toEqual({
      cart: { items: [{ cartId: 'oldest' }, { cartId: 'newest' }] },
    });
  });

  it('1.0.3 defaults the bank variable symbol to empty, in the draft and cart shipments', () => {
    const old = shipment({ services: { cod: { active: true, data: { bankAccount: { accountNumber: '19-2000145399', bankCode: '0800' } } } } });
    const result = migration('1.0.3')({ draft: old, cart: { items: [{ cartId: 'a', shipment: old }] } });
    const expected = { accountNumber: '19-2000145399', bankCode: '0800', variable: '' };
    expect((result.draft as any).services.cod.data.bankAccount).toEqual(expected);
    expect((result.cart as any).items[0].shipment.services.cod.data.bankAccount).toEqual(expected);
    const kept = shipment({ services: { cod: { data: { bankAccount: { variable: '123' } } } } });
    expect(migration('1.0.3')({ draft: kept }).draft).toEqual(kept);
  });

  it('1.0.4 adds the hdf service', () => {
    const result = migration('1.0.4')({ draft: shipment({ services: { cod: { active: false }, ins: { active: false } } }) });
    expect((result.draft as any).services).toEqual({
      cod: { active: false },
      ins: { active: false },
      hdf: { active: false, code: 'hdf', data: {} },
    });
  });

  it('1.0.5 defaults pickupTime to empty', () => {
    expect(migration('1.0.5')({ draft: shipment({ pickupTime: null }) }).draft).toEqual(shipment({ pickupTime: '' }));
    expect(migration('1.0.5')({ draft: shipment({ pickupTime: '9 - 12' }) }).draft).toEqual(shipment({ pickupTime: '9 - 12' }));
  });

  it('1.0.6 turns an empty draft into null', () => {
    expect(migration('1.0.6')({ draft: {} })).toEqual({ draft: null });
    expect(migration('1.0.6')({})).toEqual({ draft: null });
    expect(migration('1.0.6')({ draft: { note: 'x' } })).toEqual({ draft: { note: 'x' } });
  });

  it('1.0.7 makes the save-address flags booleans', () => {
    const result = migration('1.0.7')({ draft: shipment({ saveSenderAddress: 1, saveRecipientAddress: '0' }) });
    expect(result.draft).toEqual(shipment({ saveSenderAddress: true, saveRecipientAddress: false }));
    const strings = migration('1.0.7')({ draft: shipment({ saveSenderAddress: 'true' }) });
    expect(strings.draft).toEqual(shipment({ saveSenderAddress: true, saveRecipientAddress: false }));
  });

  it('1.0.8 defaults the content to one package', () => {
    const onePackage = [{ type: 'package', weight: '', width: '', height: '', length: '' }];
    expect(migration('1.0.8')({ draft: shipment({ content: [] }) }).draft).toEqual(shipment({ content: onePackage }));
    expect(migration('1.0.8')({ draft: shipment() }).draft).toEqual(shipment({ content: onePackage }));
  });

  it('1.0.9 turns sender and recipient into address objects', () => {
    const result = migration('1.0.9')({ draft: shipment({ sender: 'CZ', recipient: null }) }).draft as any;
    expect(result.sender).toMatchObject({ id: -1, country: 'cz', firstName: '', phoneNumber: { prefix: '', number: '' }, addressType: 'all' });
    expect(result.recipient).toMatchObject({ id: -1, country: '', city: '' });
    const kept = { country: 'sk', city: 'Košice' };
    expect((migration('1.0.9')({ draft: shipment({ sender: kept }) }).draft as any).sender).toBe(kept);
  });

  it('1.0.10 drops a selected quote without a carrier, with its parcel points', () => {
    const old = { selectedQuote: { id: 'q', carrier: null }, collectionPoint: { id: 'p' }, deliveryPoint: { id: 'd' } };
    expect(migration('1.0.10')(old)).toEqual({ selectedQuote: null, collectionPoint: null, deliveryPoint: null });
    const withCarrier = { selectedQuote: { id: 'q', carrier: { code: 'dpd' } }, collectionPoint: { id: 'p' } };
    expect(migration('1.0.10')(withCarrier)).toEqual(withCarrier);
  });

  it('1.0.11 changes nothing', () => {
    const state = { draft: null, cart: { items: [] } };
    expect(migration('1.0.11')(state)).toEqual(state);
  });
});

describe('migrateState', () => {
  it('runs only the migrations after the stored version', () => {
    const state = { cart: { items: [{ cartId: 'a' }, { cartId: 'b' }] } };
    expect((migrateState(state, '1.0.0') as any).cart.items.map((i: any) => i.cartId)).toEqual(['b', 'a']);
    expect((migrateState(state, '1.0.2') as any).cart.items.map((i: any) => i.cartId)).toEqual(['a', 'b']);
    expect(migrateState(state, STATE_VERSION)).toEqual(state);
  });
  it('refuses unknown versions and non-objects', () => {
    expect(migrateState({}, '2.0.0')).toBeNull();
    expect(migrateState('x', '1.0.0')).toBeNull();
  });
});
