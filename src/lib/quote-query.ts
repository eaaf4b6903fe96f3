import { MAX_PACKAGES } from './quote-defaults';
import { emptyDraft, type ShipmentDraft } from './schemas/draft';
import { PACKAGE_TYPE_NAMES } from './schemas/package';
import { QUOTE_QUERY } from './quote-query-names';
import type { PackageType, Territory } from './types/quote';

export { QUOTE_QUERY } from './quote-query-names';

const COUNTRY = /^[a-z]{2}$/;
const clean = (v: string | null, max = 60) => (v ?? '').trim().slice(0, max);

/** a draft from the query, or null when the query holds no quote form */
export function draftFromQuery(query: URLSearchParams, territory: Territory): ShipmentDraft | null {
  const q = QUOTE_QUERY;
  const fromCountry = clean(query.get(q.fromCountry)).toLowerCase();
  const toCountry = clean(query.get(q.toCountry)).toLowerCase();
  if (!COUNTRY.test(fromCountry) || !COUNTRY.test(toCountry)) return null;
  const draft = emptyDraft(territory);
  const types = query.getAll(q.type);
  const count = Math.min(MAX_PACKAGES, Math.max(1, types.length, query.getAll(q.weight).length));
  const at = (name: string, i: number) => clean(query.getAll(name)[i] ?? '', 12);
  return {
    ...draft,
    sender: { ...draft.sender, country: fromCountry, zip: clean(query.get(q.fromZip), 10), city: clean(query.get(q.fromCity)) },
    recipient: { ...draft.recipient, country: toCountry, zip: clean(query.get(q.toZip), 10), city: clean(query.get(q.toCity)) },
    content: Array.from({ length: count }, (_, i) => ({
      type: (PACKAGE_TYPE_NAMES as string[]).includes(types[i] ?? '') ? (types[i] as PackageType) : 'package',
      weight: at(q.weight, i),
      length: at(q.length, i),
      width: at(q.width, i),
      height: at(q.height, i),
    })),
  };
}

export function queryFromDraft(draft: ShipmentDraft): URLSearchParams {
  const q = QUOTE_QUERY;
  const query = new URLSearchParams({
    [q.fromCountry]: draft.sender.country,
    [q.fromZip]: draft.sender.zip,
    [q.fromCity]: draft.sender.city,
    [q.toCountry]: draft.recipient.country,
    [q.toZip]: draft.recipient.zip,
    [q.toCity]: draft.recipient.city,
  });
  for (const p of draft.content) {
    query.append(q.type, p.type);
    query.append(q.weight, p.weight);
    query.append(q.length, p.length);
    query.append(q.width, p.width);
    query.append(q.height, p.height);
  }
  return query;
}
