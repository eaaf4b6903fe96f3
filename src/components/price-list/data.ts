import { apiCall } from '../../api/server';
import type { Territory } from '../../lib/types/quote';
import type { RateCell, RateMatrix } from '../../server/services/rates';
import type { CarrierTable } from './table';

/** Loading the price lists' data through the API (v1/rates/list), and shaping it for the tables. */

/** the carriers of a territory's price lists (spec §9 defaults; SK without PPL), Liftago for same-day rides */
export const PRICE_LIST_CARRIERS: Record<Territory, readonly string[]> = {
  cz: ['balikovna', 'dpd', 'fedex', 'gls', 'ppl', 'toptrans', 'ups', 'wedo', 'liftago'],
  sk: ['balikovna', 'dpd', 'fedex', 'gls', 'toptrans', 'ups', 'wedo', 'liftago'],
};

/** the carriers' names in the table heads (a cell's name may carry its service name) */
export const CARRIER_NAMES: Record<string, string> = {
  balikovna: 'Balíkovna',
  dpd: 'DPD',
  fedex: 'FedEx',
  gls: 'GLS',
  ppl: 'PPL',
  toptrans: 'TOPTRANS',
  ups: 'UPS',
  wedo: 'One by Allegro',
  liftago: 'Liftago',
};

/** v1/rates/list takes at most this many routes a call (MAX_RATE_ROUTES) */
const ROUTES_PER_CALL = 6;


/** one carrier's column each (its cheapest service per weight); null when no call answered */
export async function loadCarrierTable(from: string, to: string, carriers: readonly string[]): Promise<CarrierTable | null> {
  const answers = await Promise.all(
    carriers.map((carrier) =>
      apiCall<RateMatrix>('POST', '/v1/rates/list', { carrier, combinations: [{ from, to }] }).catch((error: unknown) => {
        console.warn('rates/list failed', carrier, from, to, error);
        return null;
      }),
    ),
  );
  const ok = answers.flatMap((a) => (a?.ok ? [a.data] : []));
  if (ok.length === 0) return null;
  const columns = ok.flatMap((matrix) => {
    const cells = matrix.rows[0]?.prices ?? [];
    const first = cells.find((c) => c !== null);
    if (!first) return [];
    const code = matrix.carrier ?? first.carrier.code;
    return [{ code, name: CARRIER_NAMES[code] ?? first.carrier.name, cells }];
  });
  return { weights: ok[0]!.weights, columns, currency: ok[0]!.currency };
}

/** the cheapest price (all carriers) of one weight on many routes; a route without a price is absent */
export async function loadCheapest(routes: { from: string; to: string }[], weight: number): Promise<{ cells: Map<string, RateCell>; failed: boolean }> {
  const chunks: { from: string; to: string }[][] = [];
  for (let i = 0; i < routes.length; i += ROUTES_PER_CALL) chunks.push(routes.slice(i, i + ROUTES_PER_CALL));
  const answers = await Promise.all(
    chunks.map((combinations) => apiCall<RateMatrix>('POST', '/v1/rates/list', { weights: [weight], combinations }).catch(() => null)),
  );
  const cells = new Map<string, RateCell>();
  let failed = false;
  for (const answer of answers) {
    if (!answer?.ok) {
      failed = true;
      continue;
    }
    for (const row of answer.data.rows) {
      const cell = row.prices[0];
      if (cell) cells.set(`${row.from}-${row.to}`, cell);
    }
  }
  return { cells, failed };
}
