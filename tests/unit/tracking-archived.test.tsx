import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import cs from '../../translations/cs.json';
import sk from '../../translations/sk.json';
import { TrackingResult } from '../../src/components/tracking/tracking-result';
import type { TrackingData } from '../../src/components/tracking/load';
import type { Translate } from '../../src/i18n';

const parcel: TrackingData = {
  tracking_number: 'IZ1234567890',
  carrier: { code: 'gls', name: 'GLS' },
  service_name: 'BusinessParcel',
  status: 'delivered',
  status_at: '2026-03-02T10:00:00.000Z',
  delivered_at: '2026-03-02T10:00:00.000Z',
  expected_delivery: null,
  pickup_date: '2026-03-01',
  from_country: 'cz',
  to_country: 'cz',
  to_parcel_point: false,
  events: [{ status: 'delivered', raw_status: '5', time: '2026-03-02T10:00:00.000Z', location: 'Praha', description: null }],
  full: false,
};
const translate = (messages: Record<string, string>): Translate => ((id: string) => messages[id] ?? id) as Translate;

describe('the tracking result of an archived parcel', () => {
  it('shows its history and says it comes from the archive (cs, sk); a parcel in D1 says nothing of it', () => {
    const archived = renderToStaticMarkup(<TrackingResult data={{ ...parcel, archived: true }} locale="cs" t={translate(cs)} />);
    expect(archived).toContain('Archivovaná historie');
    expect(archived).toContain('Praha');
    expect(renderToStaticMarkup(<TrackingResult data={{ ...parcel, archived: true }} locale="sk" t={translate(sk)} />)).toContain('Archivovaná história');
    expect(renderToStaticMarkup(<TrackingResult data={parcel} locale="cs" t={translate(cs)} />)).not.toContain('tracking-archived');
  });
});
