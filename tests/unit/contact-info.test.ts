import { describe, expect, it } from 'vitest';
import { formatZip, organizationData, SALES_PHONE, visiblePhones } from '../../src/components/contact/contact-info-data';
import { CUSTOMER_CARE } from '../../src/lib/contacts';
import { OPERATOR } from '../../src/lib/company';

const teams = { customer_care: 'care@example.test', pr_marketing: 'pr@example.test', sales: 'sales@example.test' };

describe('contact page phones (spec §6)', () => {
  it('shows customer care to every segment and anonymous visitors, per territory', () => {
    for (const territory of ['cz', 'sk'] as const)
      for (const segment of ['A', 'B', 'C', null] as const) expect(visiblePhones(territory, segment).care).toBe(CUSTOMER_CARE[territory].phone);
  });

  it('shows the sales line in cz only, to segments A and B and anonymous visitors, never to partners', () => {
    expect(visiblePhones('cz', 'A').sales).toBe(SALES_PHONE.cz);
    expect(visiblePhones('cz', 'B').sales).toBe(SALES_PHONE.cz);
    expect(visiblePhones('cz', null).sales).toBe(SALES_PHONE.cz);
    expect(visiblePhones('cz', 'C').sales).toBeNull();
    for (const segment of ['A', 'B', 'C', null] as const) expect(visiblePhones('sk', segment).sales).toBeNull();
  });
});

describe('Organization structured data', () => {
  it('names the operator with its address, ids and the territory contact points', () => {
    const data = organizationData({ origin: 'https://www.example.sk', territory: 'sk', teams, salesPhone: null, name: 'Site' });
    expect(data).toMatchObject({
      '@type': 'Organization',
      legalName: OPERATOR.name,
      url: 'https://www.example.sk/',
      taxID: OPERATOR.ico,
      vatID: OPERATOR.dic,
      address: { streetAddress: OPERATOR.street, postalCode: formatZip(OPERATOR.zip), addressCountry: 'CZ' },
    });
    const [care, sales, pr] = data.contactPoint;
    expect(care).toMatchObject({ contactType: 'customer service', telephone: CUSTOMER_CARE.sk.phone.replace(/\s/g, ''), email: teams.customer_care, areaServed: 'SK' });
    expect(care!.hoursAvailable).toMatchObject({ opens: '08:00', closes: '17:00' });
    expect(sales).toMatchObject({ contactType: 'sales', email: teams.sales });
    expect(sales).not.toHaveProperty('telephone');
    expect(pr).toMatchObject({ contactType: 'public relations', email: teams.pr_marketing });
  });

  it('gives the sales phone in E.164 when the visitor may see it, and no url outside a request', () => {
    const data = organizationData({ origin: null, territory: 'cz', teams, salesPhone: '+420 228 882 289', name: 'Site' });
    expect(data).not.toHaveProperty('url');
    expect(data.contactPoint[1]).toMatchObject({ telephone: '+420228882289' });
  });

  it('formats a postcode as NNN NN', () => {
    expect(formatZip('11000')).toBe('110 00');
    expect(formatZip('110 00')).toBe('110 00');
  });
});
