import { describe, expect, it } from 'vitest';
import { isBusinessUser, USER_MENU, visibleItems } from '../../src/components/layout/user-nav';
import { displayName, type BasicProfile } from '../../src/lib/types/user';

const profile = (over: Partial<BasicProfile> = {}): BasicProfile => ({
  id: 1,
  email: 'jana.novakova@example.cz',
  firstname: 'Jana',
  surname: 'Nováková',
  company: null,
  avatar: null,
  segment: 'A',
  user_segment: 'A',
  price_type: null,
  has_contract: false,
  is_admin: false,
  client_section_force_new_client_section: false,
  client_section_preference_new_client_section: false,
  ...over,
});

const labels = (p: BasicProfile | null) => visibleItems(USER_MENU, p).map((item) => item.label);

describe('user menu entries (spec §6 restrictions)', () => {
  it('shows the for-business entry only without a contract', () => {
    expect(labels(profile())).toContain('client.nav.forBusiness');
    expect(labels(profile({ has_contract: true }))).not.toContain('client.nav.forBusiness');
  });

  it('shows pickups, pickup places and the manager app only with a contract', () => {
    for (const label of ['route.klient-svozy', 'route.klient-svozova-mista', 'client.nav.managerApp'] as const) {
      expect(labels(profile()), label).not.toContain(label);
      expect(labels(profile({ has_contract: true })), label).toContain(label);
    }
  });

  it('shows internal entries only to admins', () => {
    expect(labels(profile())).not.toContain('user.admin');
    expect(labels(profile({ is_admin: true }))).toContain('user.admin');
  });

  it('keeps unrestricted entries for everyone, in order', () => {
    expect(labels(profile()).slice(0, 2)).toEqual(['client.nav.overview', 'client.nav.shipments']);
    expect(labels(null)).toContain('client.nav.settings');
  });

  it('counts business and partner segments as business users', () => {
    expect(isBusinessUser(profile())).toBe(false);
    expect(isBusinessUser(profile({ user_segment: 'B' }))).toBe(true);
    expect(isBusinessUser(profile({ user_segment: 'C' }))).toBe(true);
    expect(isBusinessUser(null)).toBe(false);
  });
});

describe('display name (spec §3, §2.9)', () => {
  it('prefers the company, then the person, then the e-mail', () => {
    expect(displayName(profile({ company: 'Firma s.r.o.' }))).toBe('Firma s.r.o.');
    expect(displayName(profile())).toBe('Jana Nováková');
    expect(displayName(profile({ firstname: null, surname: null }))).toBe('jana.novakova@example.cz');
  });

  it('truncates at 25 characters', () => {
    expect(displayName(profile({ company: 'Mezinárodní přeprava zásilek a.s.' }))).toBe('Mezinárodní přeprava zási…');
    expect(displayName(profile({ company: 'x'.repeat(25) }))).toBe('x'.repeat(25));
  });
});
