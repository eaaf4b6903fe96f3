import { innerTransport } from '../../src/server/carriers/call-log';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import cs from '../../translations/cs.json';
import { QuoteCard } from '../../src/components/quote/quote-card';
import { isUsableQuote } from '../../src/lib/quote-advice';
import { CARRIER_CLIENTS, carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { CARRIERS } from '../../src/server/carriers';
import { dpd } from '../../src/server/carriers/dpd';
import { toptrans } from '../../src/server/carriers/toptrans';
import type { CarrierTransport } from '../../src/server/carriers/booking';
import type { OriginBindings } from '../../src/server/env';
import { findQuotes } from '../../src/server/services/quote-service';
import { context, shipment } from './quote-fixtures';

const local = { LOCAL_DEV: '1' } as OriginBindings;
const deployed = {} as OriginBindings;
const t = (id: string) => (cs as Record<string, string>)[id] ?? id;

const toptransClient = CARRIER_CLIENTS.toptrans;
afterEach(() => {
  CARRIER_CLIENTS.toptrans = toptransClient;
});

describe('whether a carrier can be booked here', () => {
  it('locally every carrier books through its own client (at its sandbox); deployed none without its credentials', () => {
    for (const carrier of CARRIERS) {
      expect(carrierOrderable(local, carrier.code)).toBe(true);
      const client = CARRIER_CLIENTS[carrier.code];
      expect(client, carrier.code).toBeDefined();
      const made: unknown[] = [];
      CARRIER_CLIENTS[carrier.code] = (e) => {
        const transport = client!(e);
        made.push(transport);
        return transport;
      };
      const transport = innerTransport(carrierTransport(local, carrier));
      CARRIER_CLIENTS[carrier.code] = client;
      expect(transport, carrier.code).not.toBeNull();
      expect(made, carrier.code).toEqual([transport]);
      expect(carrierOrderable(deployed, carrier.code)).toBe(false);
      expect(carrierTransport(deployed, carrier)).toBeNull();
    }
    expect(carrierOrderable(deployed, 'toString')).toBe(false);
  });

  it('deployed, a carrier books through its client once the client exists and every secret is set', () => {
    const client = {} as CarrierTransport;
    CARRIER_CLIENTS.toptrans = () => client;
    expect(carrierTransport(deployed, toptrans)).toBeNull();
    expect(carrierTransport({ TOPTRANS_USERNAME: 'u' } as unknown as OriginBindings, toptrans)).toBeNull();
    expect(innerTransport(carrierTransport({ TOPTRANS_USERNAME: 'u', TOPTRANS_PASSWORD: 'p' } as unknown as OriginBindings, toptrans))).toBe(client);
    expect(carrierOrderable({ TOPTRANS_USERNAME: 'u', TOPTRANS_PASSWORD: 'p' } as unknown as OriginBindings, 'ppl')).toBe(false);
  });

  it('DPD books with an account per territory: a territory without its credentials is not orderable', () => {
    const czOnly = { DPD_CZ_API_TOKEN: 't', DPD_CZ_CUSTOMER_ID: 'c', DPD_CZ_SENDER_ADDRESS_ID: 'a' } as unknown as OriginBindings;
    expect(carrierOrderable(czOnly, 'dpd', 'cz')).toBe(true);
    expect(carrierOrderable(czOnly, 'dpd', 'sk')).toBe(false);
    expect(carrierOrderable({ ...czOnly, DPD_CZ_SENDER_ADDRESS_ID: undefined }, 'dpd', 'cz')).toBe(false);
    const skOnly = { DPD_SK_API_KEY: 'k', DPD_SK_EMAIL: 'e@x.sk', DPD_SK_DELIS_ID: 'd', DPD_SK_ADDRESS_ID: '1' } as unknown as OriginBindings;
    expect([carrierOrderable(skOnly, 'dpd', 'sk'), carrierOrderable(skOnly, 'dpd', 'cz')]).toEqual([true, false]);
    expect(carrierOrderable(deployed, 'dpd', 'cz')).toBe(false);
    expect(carrierTransport(czOnly, dpd)).not.toBeNull();
    expect(carrierTransport(deployed, dpd)).toBeNull();
  });

  it("a quote of a territory whose DPD account is missing says it cannot be ordered online; the other territory's can", async () => {
    const czOnly = { DPD_CZ_API_TOKEN: 't', DPD_CZ_CUSTOMER_ID: 'c', DPD_CZ_SENDER_ADDRESS_ID: 'a' } as unknown as OriginBindings;
    const orderable = (code: string, territory?: 'cz' | 'sk') => carrierOrderable(czOnly, code, territory);
    const cz = (await findQuotes(shipment(), context(), { orderable })).find((q) => q.serviceId === 'dpd-classic')!;
    expect(cz.restrictions.map((r) => r.code)).toEqual([]);
    const sk = (await findQuotes(shipment({ territory: 'sk', currency: 'EUR', from: { country: 'sk', zip: '81104', city: 'Bratislava' }, to: { country: 'sk', zip: '04001', city: 'Košice' } }), context(), { orderable })).find((q) => q.serviceId === 'dpd-classic')!;
    expect(sk.restrictions.map((r) => r.code)).toContain('NOT_ORDERABLE_ONLINE');
  });
});

describe('a quote of a carrier that cannot be ordered online', () => {
  it('keeps its price, carries the restriction, and its card says so instead of offering "choose"', async () => {
    const quotes = await findQuotes(shipment(), context(), { orderable: (carrier) => carrier !== 'dpd' });
    const classic = quotes.find((q) => q.serviceId === 'dpd-classic')!;
    expect(classic.priceVat).not.toBeNull();
    expect(classic.restrictions.map((r) => r.code)).toEqual(['NOT_ORDERABLE_ONLINE']);
    expect(isUsableQuote(classic)).toBe(false);
    expect(quotes.filter((q) => q.carrier.code !== 'dpd').some((q) => q.restrictions.some((r) => r.code === 'NOT_ORDERABLE_ONLINE'))).toBe(false);

    const html = renderToStaticMarkup(<QuoteCard quote={classic} locale="cs" t={t} cheapest={false} onSelect={() => {}} />);
    expect(html).toContain('data-testid="price-vat"');
    expect(html).toContain('data-code="NOT_ORDERABLE_ONLINE"');
    expect(html).toContain(t('quote.problem.NOT_ORDERABLE_ONLINE'));
    expect(html).not.toContain('select-quote');
  });
});
