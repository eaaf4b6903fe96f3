import { describe, expect, it } from 'vitest';
import { clientMenu } from '../../src/components/layout/client-menu';

const person = { has_contract: false, is_admin: false, segment: 'A' as const };
const firm = { has_contract: false, is_admin: false, segment: 'B' as const };
const contract = { has_contract: true, is_admin: false, segment: 'B' as const };
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('client-section navigation (spec §2.7, §6 restrictions)', () => {
  it('v2: overview, shipments, orders, address book, invoices, settings; last the manager app with a contract, else the business offer', () => {
    expect(keys(clientMenu('v2', person))).toEqual(['overview', 'shipments', 'orders', 'addressBook', 'invoices', 'settings', 'forBusiness']);
    expect(keys(clientMenu('v2', contract))).toEqual(['overview', 'shipments', 'orders', 'addressBook', 'invoices', 'settings', 'managerApp']);
    expect(clientMenu('v2', contract).at(-1)!.to).toBe('manager-app');
  });

  it('v1: pickups and pickup places only with a contract, the business offer only without', () => {
    expect(keys(clientMenu('v1', person))).not.toContain('pickups');
    expect(keys(clientMenu('v1', person))).not.toContain('pickupPlaces');
    expect(keys(clientMenu('v1', person))).toContain('forBusiness');
    expect(keys(clientMenu('v1', contract))).toEqual(expect.arrayContaining(['pickups', 'pickupPlaces', 'managerApp']));
    expect(keys(clientMenu('v1', contract))).not.toContain('forBusiness');
  });

  it('contracts: for business accounts, with a warning while one is unsigned', () => {
    expect(keys(clientMenu('v1', person))).not.toContain('contracts');
    expect(clientMenu('v1', firm).find((i) => i.key === 'contracts')!.warn).toBeUndefined();
    expect(clientMenu('v1', contract, { unsignedContract: true }).find((i) => i.key === 'contracts')!.warn).toBe(true);
  });

  it('every v1 route of the menu is an old client route, every v2 one a v2 route or the manager app', () => {
    for (const item of clientMenu('v1', contract)) expect(item.to === 'manager-app' || item.to.startsWith('klient-')).toBe(true);
    for (const item of clientMenu('v2', contract)) expect(item.to === 'manager-app' || item.to.startsWith('klient-v2')).toBe(true);
  });
});
