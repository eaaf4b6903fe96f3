import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import cs from '../../translations/cs.json';
import { QuoteCard } from '../../src/components/quote/quote-card';
import { isUsableQuote } from '../../src/lib/quote-advice';
import { CARRIER_CLIENTS, carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { dpd } from '../../src/server/carriers/dpd';
import type { CarrierTransport } from '../../src/server/carriers/booking';
import type { OriginBindings } from '../../src/server/env';
import { findQuotes } from '../../src/server/services/quote-service';
import { context, shipment } from './quote-fixtures';

const local = { LOCAL_DEV: '1' } as OriginBindings;
const deployed = {} as OriginBindings;
const t = (id: string) => (cs as Record<string, string>)[id] ?? id;

afterEach(() => {
  delete CARRIER_CLIENTS.dpd;
});

describe('whether a carrier can be booked here', () => {
  it('locally every carrier books through its sandbox; deployed none without a client', () => {
    expect(carrierOrderable(local, 'dpd')).toBe(true);
    expect(carrierTransport(local, dpd)).toBe(dpd.transport);
    expect(carrierOrderable(deployed, 'dpd')).toBe(false);
    expect(carrierTransport(deployed, dpd)).toBeNull();
    expect(carrierOrderable(deployed, 'toString')).toBe(false);
  });

  it('deployed, a carrier books through its client once the client exists and every secret is set', () => {
    const client = {} as CarrierTransport;
    CARRIER_CLIENTS.dpd = () => client;
    expect(carrierTransport(deployed, dpd)).toBeNull();
    expect(carrierTransport({ DPD_API_KEY: 'k' } as OriginBindings, dpd)).toBe(client);
    expect(carrierOrderable({ DPD_API_KEY: 'k' } as OriginBindings, 'ppl')).toBe(false);
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
